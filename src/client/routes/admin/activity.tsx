import { createFileRoute } from '@tanstack/react-router';
import { ActivityLog } from '../../admin/activity/ActivityLog';
import { parseActivitySearch } from '../../admin/activity/activity-search';
import { RightsGate } from '../../admin/session/RightsGate';

export const Route = createFileRoute('/admin/activity')({
  validateSearch: parseActivitySearch,
  component: ActivityRoute,
});

function ActivityRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RightsGate allowed={(rights) => rights.can('activity', 'read')}>
      <ActivityLog search={search} onChange={(next) => void navigate({ search: next })} />
    </RightsGate>
  );
}
