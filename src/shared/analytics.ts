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
  /**
   * A page's vitals are kept per day until their month has been over this many days; then the
   * month's days are rolled into one histogram per page (so the last month is always per day).
   */
  vitalsDays: 31,
  /**
   * What a rolled month keeps under its own name, per breakdown: its most viewed values (its pages
   * with the most vitals measured, for the vitals), the rest counted under OTHER, as Google
   * Analytics does for its high-cardinality dimensions. Pages keep as many as the dashboard can
   * ask for (its `limit`), so a month's top list is whole; a day's bound for the others.
   */
  monthTop: { page: 500, referrer: 300, language: 20, device: DEVICES.length, site: 1 } satisfies Record<Dimension, number>,
  maxPath: MAX_BEACON_PATH,
};

/** The periods the dashboard's chart groups days by. */
export const ANALYTICS_PERIODS = ['day', 'week', 'month'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/**
 * The fixed buckets a vital's histogram counts by, the same on every instance and for every day
 * and month kept: each vital's upper edges, rising on a log scale (the steps 1, 1.2, 1.5, 1.8, 2,
 * 2.5, 3, 4, 5, 6 and 8 of each decade, between the vital's smallest and largest edge), after a
 * first bucket of exactly 0. Bucket i holds the values above edge i-1 and at most edge i; the last
 * bucket holds everything above the last edge. Google's thresholds are edges, so a page's rating
 * read from its buckets is the one its exact 75th percentile would have.
 * Changing an edge changes what stored counts mean: it needs a migration converting them.
 */
const STEPS = [1, 1.2, 1.5, 1.8, 2, 2.5, 3, 4, 5, 6, 8];
const logEdges = (smallest: number, largest: number): readonly number[] => {
  const edges = [0];
  for (let decade = 1; decade <= largest; decade *= 10)
    for (const step of STEPS) {
      const edge = Math.round(step * decade);
      if (edge >= smallest && edge <= largest) edges.push(edge);
    }
  return edges;
};
/** Upper edges per vital, in milliseconds (CLS in thousandths, as stored). */
export const VITAL_EDGES: Record<Vital, readonly number[]> = {
  lcp: logEdges(100, 60_000),
  inp: logEdges(10, 10_000),
  cls: logEdges(1, 2_000),
  ttfb: logEdges(10, 30_000),
};

/** The bucket a vital's value (an integer as stored) is counted in. */
export function vitalBucket(vital: Vital, value: number): number {
  const edges = VITAL_EDGES[vital];
  let low = 0;
  let high = edges.length;
  // The first edge at or above the value; past the last edge, the overflow bucket.
  while (low < high) {
    const middle = (low + high) >> 1;
    if (edges[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The values a bucket holds: above `low`, at most `high` (Infinity for the last). */
export function bucketRange(vital: Vital, bucket: number): { low: number; high: number } {
  const edges = VITAL_EDGES[vital];
  return { low: bucket === 0 ? 0 : edges[bucket - 1]!, high: edges[bucket] ?? Number.POSITIVE_INFINITY };
}

/** A histogram: how many measurements fell in each bucket (absent buckets hold none). */
export type Histogram = Map<number, number>;

/** A histogram as a row keeps it: `bucket:count` pairs, by bucket, separated by spaces. */
export function formatHistogram(histogram: Histogram): string {
  return [...histogram]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b)
    .map(([bucket, count]) => `${bucket}:${count}`)
    .join(' ');
}

/**
 * Reads a kept histogram (an empty text or null is an empty histogram); adds it into `into` when
 * given. Read a character at a time: a year's read parses one text per page, day and vital.
 */
export function parseHistogram(text: string | null | undefined, into: Histogram = new Map()): Histogram {
  if (!text) return into;
  let bucket = 0;
  let count = 0;
  let inCount = false;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code === 58) inCount = true;
    else if (code === 32) {
      if (inCount && count > 0) into.set(bucket, (into.get(bucket) ?? 0) + count);
      bucket = 0;
      count = 0;
      inCount = false;
    } else if (code >= 48 && code <= 57) {
      if (inCount) count = count * 10 + code - 48;
      else bucket = bucket * 10 + code - 48;
    }
  }
  return into;
}

/**
 * The 75th percentile of a vital's histogram, in the stored unit: the bucket holding the
 * nearest-rank 75th measurement, and the value as far into that bucket as the rank is into its
 * count (the measurements taken as spread evenly across it), so it is within one bucket's width
 * of the exact value and on the same side of every threshold. In the last bucket, which has no
 * upper edge, it is that bucket's lower edge.
 */
export function p75Of(vital: Vital, histogram: Histogram): number | undefined {
  // Buckets are small integers: walked in order rather than sorted, as the dashboard ranks every
  // page it reads by this.
  const last = VITAL_EDGES[vital].length;
  let total = 0;
  for (const [bucket, count] of histogram) if (count > 0 && bucket <= last) total += count;
  if (!total) return undefined;
  const rank = Math.ceil(total * 0.75);
  let before = 0;
  for (let bucket = 0; bucket <= last; bucket += 1) {
    const count = histogram.get(bucket) ?? 0;
    if (count <= 0) continue;
    if (before + count >= rank) {
      const { low, high } = bucketRange(vital, bucket);
      if (!Number.isFinite(high)) return low;
      return Math.ceil(low + ((high - low) * (rank - before)) / count);
    }
    before += count;
  }
  return undefined;
}
