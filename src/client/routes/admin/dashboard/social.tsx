import { createFileRoute } from '@tanstack/react-router';
import { ENTITIES } from '../../../../shared/entities';
import { entityListQuery } from '../../../admin/api/entity-queries';
import { SOCIAL_OVERVIEW_SEARCH, SocialOverview } from '../../../admin/dashboard/SocialOverview';
import { isSignedIn } from '../../../admin/session/session-store';

export const Route = createFileRoute('/admin/dashboard/social')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => {
    if (!isSignedIn()) return;
    void context.queryClient.prefetchQuery(entityListQuery(ENTITIES.socials, SOCIAL_OVERVIEW_SEARCH));
  },
  component: SocialOverview,
});
