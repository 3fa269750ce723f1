import { createFileRoute } from '@tanstack/react-router';
import { FlowsScreen } from '../../admin/flows/FlowsScreen';
import { RightsGate } from '../../admin/session/RightsGate';

export const Route = createFileRoute('/admin/flows')({
  component: () => (
    <RightsGate allowed={(rights) => rights.can('flows', 'read')}>
      <FlowsScreen />
    </RightsGate>
  ),
});
