import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminNotFound } from '../../admin/AdminNotFound';
import { AdminRoot } from '../../admin/AdminRoot';
import { adminHead } from '../../site/head';

export const Route = createFileRoute('/admin')({
  // Rendered by the browser: the server sends the document and the title, the screens need the
  // signed-in session only the browser holds.
  ssr: false,
  head: ({ match }) => adminHead(match),
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
