/**
 * Built-in visitor analytics (issue #62), the contract both sides share: what a beacon sends, the
 * device classes a viewport width falls in, the bounds that keep storage small, and Google's Core
 * Web Vitals thresholds the dashboard judges each page's 75th percentile by. No cookie, no stored identifier:
 * a visitor is a daily-rotating salted hash made on the server (server/content/analytics.ts).
 */

/** The address the beacon posts to, under the public API (`/cms`). */
export const BEACON_PATH = '/analytics/views';

/** The field vitals the beacon may carry: milliseconds, except CLS (a unitless score). */
export const VITALS = ['lcp', 'inp', 'cls', 'ttfb'] as const;
export type Vital = (typeof VITALS)[number];

/**
 * Google's thresholds (web.dev/articles/vitals): at or under `good` is good, over `poor` is poor,
 * between needs improvement. CLS in thousandths, as it is stored.
 */
export const VITAL_THRESHOLDS: Record<Vital, { good: number; poor: number }> = {
  lcp: { good: 2500, poor: 4000 },
  inp: { good: 200, poor: 500 },
  cls: { good: 100, poor: 250 },
  ttfb: { good: 800, poor: 1800 },
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function ratingOf(vital: Vital, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[vital];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** Device classes by viewport width in CSS pixels (Mantine's `sm` and `lg` breakpoints' neighbourhood). */
export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

export function deviceOf(width: number): Device {
  return width < 768 ? 'mobile' : width < 1200 ? 'tablet' : 'desktop';
}

/** What a daily aggregate row counts by: the whole site, or one value of one breakdown. */
export const DIMENSIONS = ['site', 'page', 'referrer', 'language', 'device'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** The value a day's breakdown gathers what overflowed its bound into. */
export const OTHER = '(other)';

/**
 * Bounds that keep a flood of made-up beacons from growing storage: the raw queue's rows (beyond
 * it beacons are answered but dropped until the next fold), and the distinct values a breakdown
 * keeps per site and day (the rest are counted under OTHER). Visitors' daily hashes are bounded
 * per site and day too; past it a view still counts, its visitor is not told apart.
 */
/** The longest path a beacon names (the page's own, cut there). */
export const MAX_BEACON_PATH = 300;

export const ANALYTICS_LIMITS = {
  queueRows: 20_000,
  /** The queue is folded by the instance that took this many beacons since its last fold. */
  foldEvery: 2_000,
  perDay: { page: 2_000, referrer: 300, language: 20, device: DEVICES.length, site: 1 } satisfies Record<Dimension, number>,
  visitorsPerDay: 200_000,
  /** Days of daily aggregates kept (a little over a year, for the same month last year). */
  keepDays: 400,
  maxPath: MAX_BEACON_PATH,
};

/** The periods the dashboard's chart groups days by. */
export const ANALYTICS_PERIODS = ['day', 'week', 'month'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/**
 * A vital's value as its histogram keeps it: two significant digits, so a page's day holds a few
 * dozen buckets per vital, whatever the traffic, and a 75th percentile read from them is within
 * 5% of the exact one; the thresholds themselves are exact buckets.
 */
export function vitalBucket(value: number): number {
  const v = Math.max(0, Math.round(value));
  if (v < 100) return v;
  const scale = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Math.round(v / scale) * scale;
}
