/**
 * Which clicks on a link are a move inside the public site, to be made without reloading the
 * page: by the navigator in an islands document (navigator.ts), by the router in the app
 * (main.tsx). Everything else (new-tab gestures, downloads, other origins, the back-office, the
 * API and files, a page in another language) stays with the browser.
 */
import { isPageAddress } from '../../shared/address-space';
import { documentLocale } from '../../shared/locales';
import { config } from '../config';

export function isSitePage(url: URL): boolean {
  return url.origin === window.location.origin && isPageAddress(url.pathname) && !/\.\w+$/.test(url.pathname);
}

/** The address a click should open in the page, or null when the browser should handle it. */
export function inPageNavigation(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download') || anchor.relList.contains('external'))
    return null;
  const url = new URL(anchor.href);
  if (!isSitePage(url)) return null;
  // Another language is another document (its own <html lang>, its router under its prefix).
  const here = config.locale;
  if (here && documentLocale(here.locales, url.pathname)?.locale !== here.locale) return null;
  // A jump within the page is the browser's.
  if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash) return null;
  return url;
}
