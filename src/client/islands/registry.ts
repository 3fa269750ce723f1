/**
 * Every island a public page can hold, by name: the code the browser loads to bring it to life.
 * A React island is a component the server rendered in a root of its own, which the browser
 * hydrates with the same props (Island.tsx); a behaviour takes over markup the server rendered as
 * part of the page (the slider: Swiper needs no React). Each is loaded on demand, so a page
 * downloads only the islands it has.
 */
import type { ComponentType } from 'react';

/** Takes over `element` (the island's wrapper) and says how to let it go again. */
export type Behaviour<P> = (element: HTMLElement, props: P) => () => void;

export type IslandModule = (
  { kind: 'react'; load: () => Promise<ComponentType<never>> } | { kind: 'behaviour'; load: () => Promise<Behaviour<never>> }
) & {
  /**
   * The module `load` imports, as the build's manifest names it: for an island that wakes on the
   * first touch, the server names its files so the browser fetches them ahead (hydrate.ts), and
   * waking then waits for no network.
   */
  source?: string;
  /**
   * The page hides it until its code decides whether to show it (the sign-in form behind a stored
   * session): a `touch` island that is hidden then wakes at once, as no touch can come.
   */
  showsItself?: true;
};

export const ISLANDS = {
  'mega-menu': { kind: 'react', load: () => import('../site/layout/MegaMenu').then((m) => m.MegaMenu) },
  'mobile-menu': {
    kind: 'react',
    load: () => import('../site/layout/MobileMenu').then((m) => m.MobileMenu),
    source: 'src/client/site/layout/MobileMenu.tsx',
  },
  'slide-show': { kind: 'behaviour', load: () => import('../site/home/slider-behaviour').then((m) => m.slideShow) },
  subscribe: { kind: 'react', load: () => import('../site/layout/SubscribeBox').then((m) => m.SubscribeIsland) },
  'install-app': { kind: 'behaviour', load: () => import('../pwa/install-button').then((m) => m.installButton) },
  'contact-form': { kind: 'react', load: () => import('../site/contact/ContactForm').then((m) => m.ContactIsland) },
  // A form staff built, on a page whose `form` section shows it (site/page/FormSection.tsx).
  'built-form': {
    kind: 'react',
    load: () => import('../site/forms/BuiltForm').then((m) => m.BuiltFormIsland),
    source: 'src/client/site/forms/BuiltForm.tsx',
  },
  gallery: { kind: 'react', load: () => import('../site/gallery/GalleryViewer').then((m) => m.GalleryIsland) },
  'pwa-status': { kind: 'react', load: () => import('../pwa/PublicPwaStatus').then((m) => m.PublicPwaStatus) },
  // The back-office's sign-in screen for a browser without a staff session (admin/login/SignInIsland.tsx).
  'sign-in': {
    kind: 'react',
    load: () => import('../admin/login/SignInIsland').then((m) => m.SignInIsland),
    source: 'src/client/admin/login/SignInIsland.tsx',
    showsItself: true,
  },
} satisfies Record<string, IslandModule>;

export type IslandName = keyof typeof ISLANDS;

/**
 * What wakes any React island, React DOM with it (hydrate.ts loads it with the first one): a
 * React island that waits for a touch has it fetched ahead too.
 */
export const REACT_ISLAND_SOURCE = 'src/client/islands/react-island.ts';

/**
 * When the browser brings an island to life (hydrate.ts):
 * - `load`: at once;
 * - `visible`: once it is about to scroll into view, or the visitor reaches into it first; one the
 *   page does not show (a menu for another screen width) waits until it is shown;
 * - `touch`: once the visitor reaches into it (a pointer over it, a focus, a press, a key,
 *   autofill); its code is fetched ahead, not run. For markup that serves without code until then
 *   (the sign-in form's fields take typing as the browser's own; the burger's tap is held and
 *   given to it once it answers): a page that is only looked at runs none of it. One reached into
 *   before the code ran wakes at once; one the page hides waits to be shown, unless only its code
 *   can show it (`showsItself`), which wakes at once;
 * - `needed`: once the browser has something for it to show (islands/when-needed.ts: an offer to
 *   install, a lost connection, a new version): an island that draws nothing until then.
 */
export type { IslandWhen } from '../../../machines/island-wake';

export function islandModule(name: string): IslandModule | undefined {
  return Object.hasOwn(ISLANDS, name) ? (ISLANDS as Record<string, IslandModule>)[name] : undefined;
}
