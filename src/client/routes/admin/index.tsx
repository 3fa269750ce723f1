import { createFileRoute, redirect } from '@tanstack/react-router';
import { getToken } from '../../api/session';
import { ADMIN_HOME } from '../../../shared/address-space';

/** /admin: the login screen (drawn by the admin layout route) or, once signed in, the dashboard. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: ADMIN_HOME, replace: true });
  },
});
