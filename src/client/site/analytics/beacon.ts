/**
 * The page-view beacon of the site's own analytics (issue #62, server/routes/analytics.ts): on
 * each public page read, whether opened or swapped in place by the navigator, one small POST with
 * the page's path, the referrer's host, the document's language and the viewport's width. No
 * cookie, no stored identifier: the server tells visitors apart by a hash it forgets each day.
 * Sent only when the site counts views (its settings say so in the page's app-config) and the
 * visitor has not asked not to be tracked. The page's field vitals follow from a module loaded
 * once the view is sent (vitals.ts), so this part stays tiny.
 */
import { config } from '../../config';
import { pathNow, send } from './send';

/** The browser's own "do not track" signals (the server also reads their headers). */
const declined = () => {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
};

export const counting = () => config.analytics === true && !declined();

/** Counts the page now shown; `inPlace` for one the navigator swapped in (its referrer is this site). */
export function countView(inPlace: boolean): void {
  if (!counting()) return;
  let referrer = '';
  try {
    const host = document.referrer && new URL(document.referrer).hostname;
    if (!inPlace && host && host !== location.hostname) referrer = host;
  } catch {
    // An unreadable referrer counts as none.
  }
  send({
    path: pathNow(),
    ...(referrer ? { referrer } : {}),
    language: document.documentElement.lang || 'und',
    width: Math.round(window.innerWidth),
  });
  if (!inPlace) void import('./vitals').then((vitals) => vitals.measure());
}
