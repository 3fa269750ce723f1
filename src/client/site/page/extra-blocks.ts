/**
 * Blocks a page shows below its own content, chosen by slug (spec §2.1 "Extra blocks by slug").
 * They load on demand, so only the page that needs one downloads it; the page's loader starts its
 * code and its reads with the page (routes/_site/$slug.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { preloadable } from '../../ui/preloadable';
import { careersQuery, formsQuery, galleryQuery } from '../api/queries';

interface ExtraBlock {
  component: ReturnType<typeof preloadable>;
  /** Starts what the block reads. */
  read?: (queryClient: QueryClient) => Promise<void>;
}

const EXTRA_BLOCKS: Readonly<Record<string, ExtraBlock>> = {
  services: { component: preloadable(() => import('./OurServices').then((m) => m.OurServices)) },
  gallery: {
    component: preloadable(() => import('../gallery/GalleryViewer').then((m) => m.GalleryViewer)),
    read: (queryClient) => queryClient.prefetchQuery(galleryQuery()),
  },
  career: {
    component: preloadable(() => import('../careers/CareerList').then((m) => m.CareerList)),
    // An opening's application form is one of the site's forms, drawn with the page.
    read: async (queryClient) => {
      await Promise.all([queryClient.prefetchQuery(careersQuery()), queryClient.prefetchQuery(formsQuery())]);
    },
  },
};

export function extraBlockFor(slug: string): ExtraBlock | null {
  return Object.hasOwn(EXTRA_BLOCKS, slug) ? EXTRA_BLOCKS[slug]! : null;
}

/** What the block of the page with this slug needs before it shows: its code and its reads. */
export function extraBlockNeeds(slug: string, queryClient: QueryClient): Promise<unknown>[] {
  const block = extraBlockFor(slug);
  return block ? [block.component.preload(), ...(block.read ? [block.read(queryClient)] : [])] : [];
}
