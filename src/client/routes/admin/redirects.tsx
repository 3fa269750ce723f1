import { createFileRoute } from '@tanstack/react-router';
import { RedirectsScreen } from '../../admin/redirects/RedirectsScreen';
import { RightsGate } from '../../admin/session/RightsGate';

export const Route = createFileRoute('/admin/redirects')({
  component: () => (
    <RightsGate allowed={(rights) => rights.can('redirects', 'read')}>
      <RedirectsScreen />
    </RightsGate>
  ),
});
