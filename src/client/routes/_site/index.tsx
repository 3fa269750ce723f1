import { createFileRoute } from '@tanstack/react-router';
import { slidersQuery, topSectionsQuery } from '../../site/api/queries';
import { HomeScreen } from '../../site/home/HomeScreen';
import { SiteError } from '../../site/layout/SiteFallbacks';
import { prepareSanitizer } from '../../ui/SafeHtml';

export const Route = createFileRoute('/_site/')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  loader: ({ context, deps }) => {
    prepareSanitizer();
    // Sliders are not awaited: the slider shows its own spinner until they arrive (spec §4).
    void context.queryClient.prefetchQuery(slidersQuery(deps.preview));
    return context.queryClient.ensureQueryData(topSectionsQuery());
  },
  component: HomeScreen,
  errorComponent: SiteError,
});
