import { createFileRoute } from '@tanstack/react-router';
import { appReportQuery, currentAppQuery } from '../../../admin/api/admin-queries';
import { Dashboard } from '../../../admin/dashboard/Dashboard';
import { isSignedIn } from '../../../admin/session/session-store';

export const Route = createFileRoute('/admin/dashboard/')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => {
    if (!isSignedIn()) return;
    void context.queryClient.prefetchQuery(appReportQuery);
    void context.queryClient.prefetchQuery(currentAppQuery);
  },
  component: Dashboard,
});
