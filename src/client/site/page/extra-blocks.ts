/**
 * Blocks a page shows below its own content, chosen by slug (spec §2.1 "Extra blocks by slug").
 * They load on demand, so only the page that needs one downloads it.
 */
import { lazy, type ComponentType } from 'react';

const EXTRA_BLOCKS: Readonly<Record<string, ComponentType>> = {
  services: lazy(() => import('./OurServices').then((m) => ({ default: m.OurServices }))),
  gallery: lazy(() => import('../gallery/GalleryViewer').then((m) => ({ default: m.GalleryViewer }))),
  career: lazy(() => import('../careers/CareerList').then((m) => ({ default: m.CareerList }))),
};

export function extraBlockFor(slug: string): ComponentType | null {
  return Object.hasOwn(EXTRA_BLOCKS, slug) ? EXTRA_BLOCKS[slug]! : null;
}
