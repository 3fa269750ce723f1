/**
 * The public gallery viewer (spec §2.1, §4): two toggles, 'Image' (the default) and 'YouTube',
 * and on the image side a lightbox that shows one picture at a time. The gallery data itself is
 * server state and lives in TanStack Query; this machine only owns what the visitor is looking at.
 *
 *   showingImages.browsingGrid ⇄ showingImages.viewingImage   (lightbox.open / lightbox.close)
 *   showingImages ⇄ showingVideos                              (tab.image / tab.youtube)
 */
import { assign, setup } from 'xstate';

export interface GalleryTabsContext {
  /** Index of the image open in the lightbox, among `imageCount` images. */
  openIndex: number | null;
  imageCount: number;
}

export type GalleryTabsEvent =
  | { type: 'tab.image' }
  | { type: 'tab.youtube' }
  | { type: 'lightbox.open'; index: number; count: number }
  | { type: 'lightbox.next' }
  | { type: 'lightbox.previous' }
  | { type: 'lightbox.close' };

export const galleryTabsMachine = setup({
  types: {
    context: {} as GalleryTabsContext,
    events: {} as GalleryTabsEvent,
  },
  guards: {
    isImageInList: ({ event }) =>
      event.type === 'lightbox.open' && Number.isInteger(event.index) && event.index >= 0 && event.index < event.count,
    hasNextImage: ({ context }) => context.openIndex !== null && context.openIndex < context.imageCount - 1,
    hasPreviousImage: ({ context }) => context.openIndex !== null && context.openIndex > 0,
  },
  actions: {
    openImage: assign(({ event }) => (event.type === 'lightbox.open' ? { openIndex: event.index, imageCount: event.count } : {})),
    showNextImage: assign(({ context }) => ({ openIndex: (context.openIndex ?? 0) + 1 })),
    showPreviousImage: assign(({ context }) => ({ openIndex: (context.openIndex ?? 0) - 1 })),
    closeImage: assign({ openIndex: null, imageCount: 0 }),
  },
}).createMachine({
  id: 'galleryTabs',
  context: { openIndex: null, imageCount: 0 },
  initial: 'showingImages',
  states: {
    showingImages: {
      initial: 'browsingGrid',
      on: { 'tab.youtube': { target: 'showingVideos' } },
      states: {
        browsingGrid: {
          on: { 'lightbox.open': { guard: 'isImageInList', target: 'viewingImage', actions: 'openImage' } },
        },
        viewingImage: {
          on: {
            'lightbox.next': { guard: 'hasNextImage', actions: 'showNextImage' },
            'lightbox.previous': { guard: 'hasPreviousImage', actions: 'showPreviousImage' },
            'lightbox.close': { target: 'browsingGrid', actions: 'closeImage' },
          },
        },
      },
    },
    showingVideos: {
      // Leaving the image side closes the lightbox, so coming back shows the grid.
      entry: 'closeImage',
      on: { 'tab.image': { target: 'showingImages' } },
    },
  },
});
