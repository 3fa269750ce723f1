import { createFileRoute } from '@tanstack/react-router';
import { slidersQuery, topSectionsQuery } from '../../site/api/queries';
import { screenHead } from '../../site/head';
import { HomeScreen } from '../../site/home/HomeScreen';
import { SiteError } from '../../site/layout/SiteFallbacks';
import { prepareSanitizer } from '../../ui/SafeHtml';

export const Route = createFileRoute('/_site/')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  loader: async ({ context, deps }) => {
    prepareSanitizer();
    // Sliders are not awaited: the slider shows its own spinner until they arrive (spec §4).
    void context.queryClient.prefetchQuery(slidersQuery(deps.preview));
    await context.queryClient.ensureQueryData(topSectionsQuery());
  },
  // The site's own title and description (documentHead's), at the home's canonical address.
  head: (context) => screenHead(context, {}),
  component: HomeScreen,
  errorComponent: SiteError,
});
