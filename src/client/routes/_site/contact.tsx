import { createFileRoute } from '@tanstack/react-router';
import { siteInfoQuery, socialsQuery } from '../../site/api/queries';
import { ContactScreen } from '../../site/contact/ContactScreen';
import { screenHead } from '../../site/head';
import { SiteError } from '../../site/layout/SiteFallbacks';
import { prepareSanitizer } from '../../ui/SafeHtml';

export const Route = createFileRoute('/_site/contact')({
  loader: async ({ context }) => {
    prepareSanitizer();
    void context.queryClient.prefetchQuery(socialsQuery());
    await context.queryClient.ensureQueryData(siteInfoQuery());
  },
  head: (context) => screenHead(context, { title: 'Contact' }),
  component: ContactScreen,
  errorComponent: SiteError,
});
