import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AdminNotFound } from '../../admin/AdminNotFound';
import { AdminRoot } from '../../admin/AdminRoot';
import { loadAdminWords } from '../../admin/i18n';
import { adminHead } from '../../site/head';
import { MARK_STORED_SESSION } from '../../../shared/stored-session';

export const Route = createFileRoute('/admin')({
  // The server draws the sign-in screen (it never holds a session): on a slow link staff can type
  // before the code arrives (LoginScreen takes what was typed). The signed-in screens are the
  // browser's. A stored session hides the drawn sign-in form until the browser has the back-office
  // up, so signed-in staff never see it flash (admin.css, `html[data-session]`).
  // Every signed-in screen's words (the sign-in island carries its own only), fetched while the
  // screen's code loads.
  loader: () => loadAdminWords(),
  head: ({ match }) => ({ ...adminHead(match), scripts: [{ children: MARK_STORED_SESSION }] }),
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
