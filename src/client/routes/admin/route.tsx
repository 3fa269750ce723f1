import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminNotFound } from '../../admin/AdminNotFound';
import { AdminRoot } from '../../admin/AdminRoot';

export const Route = createFileRoute('/admin')({
  component: () => (
    <AdminRoot>
      <Outlet />
    </AdminRoot>
  ),
  notFoundComponent: () => (
    <AdminRoot>
      <AdminNotFound />
    </AdminRoot>
  ),
});
