import { createFileRoute } from '@tanstack/react-router';
import { siteInfoQuery, socialsQuery } from '../../site/api/queries';
import { ContactScreen } from '../../site/contact/ContactScreen';
import { SiteError } from '../../site/layout/SiteFallbacks';
import { prepareSanitizer } from '../../ui/SafeHtml';

export const Route = createFileRoute('/_site/contact')({
  loader: ({ context }) => {
    prepareSanitizer();
    void context.queryClient.prefetchQuery(socialsQuery());
    return context.queryClient.ensureQueryData(siteInfoQuery());
  },
  component: ContactScreen,
  errorComponent: SiteError,
});
