import { createFileRoute } from '@tanstack/react-router';
import { SecuritySettingsScreen } from '../../admin/security/SecuritySettingsScreen';
import { RightsGate } from '../../admin/session/RightsGate';

export const Route = createFileRoute('/admin/security')({
  component: () => (
    <RightsGate allowed={(rights) => rights.can('settings', 'update')}>
      <SecuritySettingsScreen />
    </RightsGate>
  ),
});
