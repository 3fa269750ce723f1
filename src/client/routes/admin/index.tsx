import { createFileRoute, redirect } from '@tanstack/react-router';
import { getToken } from '../../api/session';

/** /admin: the login screen (drawn by the admin layout route) or, once signed in, the dashboard. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
