import { createFileRoute } from '@tanstack/react-router';
import { siteInfoQuery, socialsQuery } from '../../site/api/queries';
import { ContactScreen } from '../../site/contact/ContactScreen';
import { headText, screenHead } from '../../site/head';
import { SiteError } from '../../site/layout/SiteFallbacks';
import { prepareSanitizer } from '../../ui/SafeHtml';
import { alongside } from '../../site/alongside';

export const Route = createFileRoute('/_site/contact')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(siteInfoQuery()),
      alongside(context, [prepareSanitizer(), context.queryClient.prefetchQuery(socialsQuery())]),
    ]);
  },
  head: (context) => screenHead(context, { title: headText(context.match.context)('menu.contact') }),
  component: ContactScreen,
  errorComponent: SiteError,
});
