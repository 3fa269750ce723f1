import { createFileRoute } from '@tanstack/react-router';
import { AnalyticsScreen } from '../../admin/analytics/AnalyticsScreen';
import { RightsGate } from '../../admin/session/RightsGate';

export const Route = createFileRoute('/admin/analytics')({
  component: () => (
    <RightsGate allowed={(rights) => rights.can('analytics', 'read')}>
      <AnalyticsScreen />
    </RightsGate>
  ),
});
