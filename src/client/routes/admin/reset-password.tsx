import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ResetPasswordScreen } from '../../admin/login/ResetPasswordScreen';

export const Route = createFileRoute('/admin/reset-password')({
  validateSearch: (raw: Record<string, unknown>): { token?: string } => ({
    token: typeof raw.token === 'string' && raw.token ? raw.token : undefined,
  }),
  component: ResetPasswordRoute,
});

/**
 * A reset link carries its token in the fragment (`#token=`), which the browser sends to no
 * server; it is read once the page is here and taken out of the address at once, so neither the
 * history, a bookmark nor a shared screenshot keeps it. Links made before that (`?token=`) still open.
 */
function ResetPasswordRoute() {
  const { token: inQuery } = Route.useSearch();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | undefined>();
  // Each link opened is a fresh start (one opened again after use must say it is spent).
  const [arrival, setArrival] = useState(0);
  useEffect(() => {
    const take = (fromQuery?: string) => {
      const inFragment = new URLSearchParams(window.location.hash.slice(1)).get('token') || undefined;
      const found = inFragment ?? fromQuery;
      if (found) setToken(found);
      setArrival((count) => count + 1);
      if (found) void navigate({ to: '/admin/reset-password', search: {}, hash: '', replace: true });
    };
    take(inQuery);
    // A link opened while this page is already open changes only the fragment.
    const onHash = () => take();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
    // On arrival only: the address is cleaned right after.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return arrival > 0 ? <ResetPasswordScreen key={arrival} token={token} /> : null;
}
