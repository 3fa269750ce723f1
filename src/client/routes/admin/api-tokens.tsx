import { createFileRoute } from '@tanstack/react-router';
import { ApiTokensScreen } from '../../admin/security/ApiTokensScreen';
import { RightsGate } from '../../admin/session/RightsGate';

export const Route = createFileRoute('/admin/api-tokens')({
  component: () => (
    <RightsGate allowed={(rights) => rights.can('tokens', 'create')}>
      <ApiTokensScreen />
    </RightsGate>
  ),
});
