import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../../admin/login/ResetPasswordScreen';

export const Route = createFileRoute('/admin/reset-password')({
  validateSearch: (raw: Record<string, unknown>): { token?: string } => ({
    token: typeof raw.token === 'string' && raw.token ? raw.token : undefined,
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordScreen token={token} />;
}
