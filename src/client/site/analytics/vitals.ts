/**
 * The page's field Core Web Vitals (LCP, INP, CLS, TTFB), measured by Google's `web-vitals` and
 * sent as beacons without a view (`view: false`), each vital once, as the library reports its
 * final value (most when the page is hidden). Loaded after the view is sent, so the page-view
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
  // Vitals reported together (as the page is hidden) go in one beacon.
  const report = (metric: Metric) => {
    waiting[metric.name.toLowerCase()] =
      metric.name === 'CLS' ? Math.round(metric.value * 1000) / 1000 : Math.round(metric.value);
    if (!queued) {
      queued = true;
      queueMicrotask(flush);
    }
  };
  onTTFB(report);
  onLCP(report);
  onINP(report);
  onCLS(report);
}
