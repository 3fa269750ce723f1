import { createFileRoute } from '@tanstack/react-router';
import { slidersQuery, topSectionsQuery } from '../../site/api/queries';
import { screenHead } from '../../site/head';
import { HomeScreen } from '../../site/home/HomeScreen';
import { SiteError } from '../../site/layout/SiteFallbacks';
import { prepareSanitizer } from '../../ui/SafeHtml';
import { alongside } from '../../site/alongside';

export const Route = createFileRoute('/_site/')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  loader: async ({ context, deps }) => {
    const { queryClient } = context;
    // The slides are not waited for in the browser: the slider shows its own spinner until they arrive (spec §4).
    const beside = [prepareSanitizer(), queryClient.prefetchQuery(slidersQuery(deps.preview))];
    // The templates' registry comes with the home's own code, not in the app's entry that every
    // screen (the back-office's too) loads: its import runs while the sections are read.
    const [sections, { sectionReads }] = await Promise.all([
      queryClient.ensureQueryData(topSectionsQuery()),
      import('../../site/home/sections/registry'),
    ]);
    await alongside(context, [...beside, ...sectionReads(sections, queryClient)]);
  },
  // The site's own title and description (documentHead's), at the home's canonical address.
  head: (context) => screenHead(context, {}),
  component: HomeScreen,
  errorComponent: SiteError,
});
