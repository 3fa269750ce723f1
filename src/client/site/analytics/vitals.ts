/**
 * The page's field Core Web Vitals (LCP, INP, CLS, TTFB), measured by Google's `web-vitals` and
 * sent as beacons without a view (`view: false`), each vital once, as the page is hidden. Loaded after the view is sent, so the page-view
 * beacon stays small. Only the document the browser opened is measured: a page the navigator
 * swaps in place has no navigation of its own to time.
 */
import { type Metric, onCLS, onINP, onLCP, onTTFB } from 'web-vitals';
import { pathNow, send } from './send';

export function measure(): void {
  const path = pathNow();
  let waiting: Record<string, number> = {};
  let queued = false;
  const flush = () => {
    queued = false;
    if (!Object.keys(waiting).length) return;
    send({
      view: false,
      path,
      language: document.documentElement.lang || 'und',
      width: Math.round(window.innerWidth),
      ...waiting,
    });
    waiting = {};
  };
  const flushSoon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(flush);
  };
  // Sent only as the page is hidden (left, switched from, closed), when the library reports the
  // rest: what it reported meanwhile (TTFB, and LCP final at the first click) waits, with what
  // comes then, for that moment. A beacon sent while the page is in use can reach the old service
  // worker just as it hands over to a new version (the update prompt's Reload is such a click),
  // and Chromium then gives the new version up and leaves it waiting.
  const report = (metric: Metric) => {
    waiting[metric.name.toLowerCase()] =
      metric.name === 'CLS' ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value);
    if (document.visibilityState === 'hidden') flushSoon();
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushSoon();
  });
  onTTFB(report);
  onLCP(report);
  onINP(report);
  onCLS(report);
}
