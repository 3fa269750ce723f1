/**
 * Built-in visitor analytics (issue #62, migration 030): beacons go into a short queue; a fold
 * moves them into daily aggregates per site and breakdown value (views, visitors) and a histogram
 * of each page's field vitals, from which the dashboard reads p75s.
 *
 * - A visitor is the hash of the day's salt, the site, the address and the user agent: the salt is
 *   made once a day, shared by every instance through the database and deleted when its day is
 *   over, so yesterday's hashes cannot be made again, and the address is never stored.
 * - Each fold takes its beacons with one DELETE … RETURNING, so however many instances fold at
 *   once (the hourly job claims its run, ops/job-claims.ts; a full queue or the dashboard also
 *   folds), each beacon is counted by exactly one of them.
 * - Every store is bounded (shared/analytics.ts ANALYTICS_LIMITS): the queue's rows, each day's
 *   distinct values per breakdown (the rest go to "(other)"), each day's visitor hashes, and the
 *   days kept. A page's vitals are one row per day holding a histogram per vital over fixed
 *   buckets (migration 037).
 * - Once a month is over by ANALYTICS_LIMITS.vitalsDays, its days are rolled into one row per
 *   value for the month (migration 041): its most viewed values (pages with most vitals measured)
 *   up to ANALYTICS_LIMITS.monthTop, the rest under "(other)". So a year's storage is bounded by
 *   the months and those bounds, not by the traffic, and a year's read takes a few thousand rows.
 *   The site's own totals stay a row a day: the chart over time needs them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import {
  ANALYTICS_LIMITS,
  type AnalyticsPeriod,
  type Device,
  type Dimension,
  formatHistogram,
  type Histogram,
  OTHER,
  p75Of,
  parseHistogram,
  ratingOf,
  type Vital,
  type VitalRating,
  VITALS,
  vitalBucket,
} from '../../shared/analytics';
import { type DB, isPostgresDb } from '../db/database';
import type { AnalyticsEventsTable, Tables } from '../db/schema';

/** A beacon as the route checked it. */
export interface Beacon {
  /** False for the later beacon that carries only the page's vitals. */
  view: boolean;
  path: string;
  referrer: string;
  language: string;
  device: Device;
  lcp?: number;
  inp?: number;
  /** A score, as the browser measures it (0.05), stored in thousandths. */
  cls?: number;
  ttfb?: number;
}

export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Beacons one fold transaction takes: few enough that a fold holds its locks briefly, and, on
 * SQLite, whose driver runs each statement on the event loop, that requests arriving meanwhile
 * (a visitor's page during a flood of beacons) wait for one small batch, not for the whole queue.
 */
const FOLD_BATCH = 250;
/** Rows per statement, well under either database's limit of parameters. */
const CHUNK = 200;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** A queued beacon as the fold takes it (the table's row without its id). */
type EventRow = Omit<Selectable<AnalyticsEventsTable>, 'id'>;

const keyOf = (...parts: string[]) => parts.join('\u0000');

export class Analytics {
  /** The salt of the day this instance last hashed for (read from the database once a day). */
  private salt: { day: string; value: string } | undefined;
  private sinceFold = 0;
  private folding: Promise<number> | undefined;

  /** What a fold begun in the background does with its failure (the routes log it). */
  onError: (error: unknown) => void = () => {};

  constructor(
    private readonly db: DB,
    readonly clock: () => number = Date.now,
  ) {}

  /** The day's salt: the first instance to ask makes it; every instance reads the same one. */
  private async saltOf(day: string): Promise<string> {
    if (this.salt?.day === day) return this.salt.value;
    await this.db
      .insertInto('analytics_salts')
      .values({ day, salt: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await this.db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    this.salt = { day, value: row.salt };
    return row.salt;
  }

  /** Who a visitor is today on this site, as a hash nobody can turn back into an address. */
  async visitorOf(appKey: string, address: string, userAgent: string, day = dayOf(this.clock())): Promise<string> {
    const salt = await this.saltOf(day);
    return createHash('sha256')
      .update(`${salt}\u0000${appKey}\u0000${address}\u0000${userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /** Queues a beacon; answers false when the queue is full (the beacon is dropped and a fold begins). */
  async record(appKey: string, beacon: Beacon, address: string, userAgent: string): Promise<boolean> {
    const day = dayOf(this.clock());
    // The queue's span of ids: an upper bound of its rows, read from the key's two ends alone.
    const span = await this.db
      .selectFrom('analytics_events')
      .select((eb) => [eb.fn.max('id').as('last'), eb.fn.min('id').as('first')])
      .executeTakeFirst();
    const rows = span?.last == null ? 0 : Number(span.last) - Number(span.first) + 1;
    if (rows >= ANALYTICS_LIMITS.queueRows) {
      this.foldSoon();
      return false;
    }
    const visitor = await this.visitorOf(appKey, address, userAgent, day);
    await this.db
      .insertInto('analytics_events')
      .values({
        app_key: appKey,
        day,
        view: beacon.view ? 1 : 0,
        path: beacon.path,
        referrer: beacon.referrer,
        language: beacon.language,
        device: beacon.device,
        visitor,
        lcp: beacon.lcp === undefined ? null : Math.round(beacon.lcp),
        inp: beacon.inp === undefined ? null : Math.round(beacon.inp),
        cls: beacon.cls === undefined ? null : Math.round(beacon.cls * 1000),
        ttfb: beacon.ttfb === undefined ? null : Math.round(beacon.ttfb),
      })
      .execute();
    if (++this.sinceFold >= ANALYTICS_LIMITS.foldEvery) this.foldSoon();
    return true;
  }

  /** Starts a fold in the background, unless this instance is folding already. */
  foldSoon(): void {
    if (!this.folding) void this.fold().catch((error: unknown) => this.onError(error));
  }

  /** Folds every queued beacon into the aggregates (one fold at a time per instance); answers how many. */
  fold(): Promise<number> {
    this.folding ??= (async () => {
      this.sinceFold = 0;
      let total = 0;
      for (;;) {
        const taken = await this.db.transaction().execute((trx) => foldBatch(trx as unknown as DB));
        total += taken;
        if (taken < FOLD_BATCH) return total;
        // A synchronous driver's promises resolve without letting the event loop turn: give the
        // requests that came during this batch their turn before the next.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => {
      this.folding = undefined;
    });
    return this.folding;
  }

  /**
   * Forgets what outlived its time: past days' salts and visitor hashes, and aggregates past
   * ANALYTICS_LIMITS.keepDays (a rolled month once the whole month is); and rolls the breakdowns
   * and vitals of months over by ANALYTICS_LIMITS.vitalsDays into one row per value and month.
   */
  async prune(at = this.clock()): Promise<void> {
    const today = dayOf(at);
    await this.db.deleteFrom('analytics_salts').where('day', '<', today).execute();
    await this.db.deleteFrom('analytics_seen').where('day', '<', today).execute();
    const oldest = dayOf(at - ANALYTICS_LIMITS.keepDays * DAY_MS);
    for (const table of ['analytics_daily', 'analytics_vitals'] as const)
      await this.db
        .deleteFrom(table)
        .where((eb) =>
          eb.or([
            eb.and([eb('span', '=', 'day'), eb('day', '<', oldest)]),
            eb.and([eb('span', '=', 'month'), eb('day', '<', periodStart(oldest, 'month'))]),
          ]),
        )
        .execute();
    const before = periodStart(dayOf(at - ANALYTICS_LIMITS.vitalsDays * DAY_MS), 'month');
    await rollDaily(this.db, before);
    await rollVitals(this.db, before);
    if (this.salt && this.salt.day < today) this.salt = undefined;
  }
}

/** A page's vitals for a day or a month, as they are merged. */
interface VitalsRow {
  app_key: string;
  span: 'day' | 'month';
  day: string;
  path: string;
  vitals: Map<Vital, Histogram>;
}

/**
 * Adds histograms to the kept rows of their page and day (or month), in the caller's transaction.
 * The text of a histogram cannot be added to in SQL, so each row is read, added to and written
 * back; on PostgreSQL the rows are made first and read FOR UPDATE, in key order, so instances
 * folding at once wait for each other's rows instead of writing over them.
 */
async function addVitals(db: DB, rows: readonly VitalsRow[]): Promise<void> {
  const sorted = [...rows].sort((a, b) =>
    keyOf(a.app_key, a.span, a.day, a.path) < keyOf(b.app_key, b.span, b.day, b.path) ? -1 : 1,
  );
  const groups = new Map<string, VitalsRow[]>();
  for (const row of sorted) {
    const group = keyOf(row.app_key, row.span, row.day);
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  const postgres = isPostgresDb(db);
  for (const group of groups.values()) {
    for (const part of chunks(group)) {
      const { app_key, span, day } = part[0]!;
      const paths = part.map((row) => row.path);
      if (postgres)
        await db
          .insertInto('analytics_vitals')
          .values(part.map((row) => ({ app_key, span, day, path: row.path })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      let kept = db
        .selectFrom('analytics_vitals')
        .select(['path', ...VITALS])
        .where('app_key', '=', app_key)
        .where('span', '=', span)
        .where('day', '=', day)
        .where('path', 'in', paths)
        .orderBy('path');
      if (postgres) kept = kept.forUpdate();
      const before = new Map((await kept.execute()).map((row) => [row.path, row]));
      const merged = part.map((row) => {
        const was = before.get(row.path);
        const histogram = (metric: Vital) => {
          const sum = parseHistogram(was?.[metric]);
          for (const [bucket, count] of row.vitals.get(metric) ?? []) sum.set(bucket, (sum.get(bucket) ?? 0) + count);
          return formatHistogram(sum);
        };
        return {
          app_key,
          span,
          day,
          path: row.path,
          lcp: histogram('lcp'),
          inp: histogram('inp'),
          cls: histogram('cls'),
          ttfb: histogram('ttfb'),
        };
      });
      await db
        .insertInto('analytics_vitals')
        .values(merged)
        .onConflict((oc) =>
          oc.columns(['app_key', 'span', 'day', 'path']).doUpdateSet((eb) => ({
            lcp: eb.ref('excluded.lcp'),
            inp: eb.ref('excluded.inp'),
            cls: eb.ref('excluded.cls'),
            ttfb: eb.ref('excluded.ttfb'),
          })),
        )
        .execute();
    }
  }
}

/** The months (per site) a table still keeps days of, before `before` (a month's first day). */
async function monthsToRoll(db: DB, table: 'analytics_daily' | 'analytics_vitals', before: string) {
  let query = db
    .selectFrom(table)
    .select(['app_key', sql<string>`substr(day, 1, 7)`.as('month')])
    .distinct()
    .where('span', '=', 'day')
    .where('day', '<', before);
  // The site's totals stay a row a day.
  if (table === 'analytics_daily') query = query.where(sql<boolean>`dimension <> 'site'`);
  return query.execute();
}

/** Views and visitors of one value on a day or in a month, as they are added. */
interface DailyRow {
  app_key: string;
  span: 'day' | 'month';
  day: string;
  dimension: Dimension;
  value: string;
  views: number;
  visitors: number;
}

/** Adds counts to the kept rows of their value and day (or month), in the caller's transaction. */
async function addDaily(db: DB, rows: readonly DailyRow[]): Promise<void> {
  for (const part of chunks(rows))
    await db
      .insertInto('analytics_daily')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['app_key', 'dimension', 'span', 'day', 'value']).doUpdateSet({
          views: sql<number>`analytics_daily.views + excluded.views`,
          visitors: sql<number>`analytics_daily.visitors + excluded.visitors`,
        }),
      )
      .execute();
}

/**
 * Of some values' counts, the `top` largest under their own name and the rest added under OTHER
 * (ties by name, so every instance keeps the same ones).
 */
function keepTop<T>(counts: Map<string, T>, top: number, sizeOf: (item: T) => number, add: (into: T | undefined, item: T) => T) {
  const ranked = [...counts]
    .filter(([value]) => value !== OTHER)
    .sort(([a, x], [b, y]) => sizeOf(y) - sizeOf(x) || (a < b ? -1 : a > b ? 1 : 0));
  const kept = new Map<string, T>(ranked.slice(0, top));
  let other = counts.get(OTHER);
  for (const [, item] of ranked.slice(top)) other = add(other, item);
  if (other !== undefined) kept.set(OTHER, other);
  return kept;
}

/**
 * Rolls the breakdowns of days before `before` (a month's first day) into one row per value and
 * month, the month's ANALYTICS_LIMITS.monthTop most viewed values per breakdown under their own
 * name and the rest under OTHER. A month's visitors are the sum of its days', as a read of days adds them.
 * Each site's month is taken with one DELETE … RETURNING (its days, and its month's rows if a
 * roll was cut short), so instances rolling at once never count a day twice.
 */
async function rollDaily(db: DB, before: string): Promise<void> {
  for (const { app_key, month } of await monthsToRoll(db, 'analytics_daily', before)) {
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('analytics_daily')
        .where('app_key', '=', app_key)
        .where('dimension', '!=', 'site')
        .where('day', '>=', `${month}-01`)
        .where('day', '<=', `${month}-31`)
        .returning(['dimension', 'value', 'views', 'visitors'])
        .execute();
      const perDimension = new Map<Dimension, Map<string, { views: number; visitors: number }>>();
      for (const row of taken) {
        const dimension = row.dimension as Dimension;
        const values = perDimension.get(dimension) ?? new Map<string, { views: number; visitors: number }>();
        perDimension.set(dimension, values);
        const sum = values.get(row.value) ?? { views: 0, visitors: 0 };
        values.set(row.value, { views: sum.views + Number(row.views), visitors: sum.visitors + Number(row.visitors) });
      }
      const rows: DailyRow[] = [];
      for (const [dimension, values] of perDimension) {
        const kept = keepTop(
          values,
          ANALYTICS_LIMITS.monthTop[dimension],
          (sum) => sum.views,
          (into, sum) => ({ views: (into?.views ?? 0) + sum.views, visitors: (into?.visitors ?? 0) + sum.visitors }),
        );
        for (const [value, sum] of kept) rows.push({ app_key, span: 'month', day: `${month}-01`, dimension, value, ...sum });
      }
      await addDaily(trx as unknown as DB, rows);
    });
  }
}

/** How many beacons measured a page's vitals: the most any one vital has. */
const samplesOf = (vitals: Map<Vital, Histogram>) =>
  Math.max(0, ...[...vitals.values()].map((histogram) => [...histogram.values()].reduce((sum, count) => sum + count, 0)));

/**
 * Rolls the vitals of days before `before` (a month's first day) into one row per page and month:
 * the month's ANALYTICS_LIMITS.monthTop.page pages with the most beacons measured, the rest merged
 * under OTHER. Taken as rollDaily takes its rows.
 */
async function rollVitals(db: DB, before: string): Promise<void> {
  for (const { app_key, month } of await monthsToRoll(db, 'analytics_vitals', before)) {
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('analytics_vitals')
        .where('app_key', '=', app_key)
        .where('day', '>=', `${month}-01`)
        .where('day', '<=', `${month}-31`)
        .returning(['path', ...VITALS])
        .execute();
      const pages = new Map<string, Map<Vital, Histogram>>();
      for (const row of taken) {
        const vitals = pages.get(row.path) ?? new Map<Vital, Histogram>();
        pages.set(row.path, vitals);
        for (const metric of VITALS) vitals.set(metric, parseHistogram(row[metric], vitals.get(metric)));
      }
      const kept = keepTop(pages, ANALYTICS_LIMITS.monthTop.page, samplesOf, (into, vitals) => {
        const sum = into ?? new Map<Vital, Histogram>();
        for (const [metric, histogram] of vitals) {
          const merged = sum.get(metric) ?? new Map<number, number>();
          for (const [bucket, count] of histogram) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
          sum.set(metric, merged);
        }
        return sum;
      });
      await addVitals(
        trx as unknown as DB,
        [...kept].map(([path, vitals]) => ({ app_key, span: 'month', day: `${month}-01`, path, vitals })),
      );
    });
  }
}

/** The breakdown values one beacon counts under. */
const valuesOf = (event: EventRow): [Dimension, string][] => [
  ['site', ''],
  ['page', event.path],
  ['referrer', event.referrer],
  ['language', event.language],
  ['device', event.device],
];

/**
 * Takes up to FOLD_BATCH beacons off the queue and adds them to the aggregates, in the caller's
 * transaction; answers how many it took.
 */
async function foldBatch(db: DB): Promise<number> {
  const taken = (await db
    .deleteFrom('analytics_events')
    .where('id', 'in', (eb) => eb.selectFrom('analytics_events').select('id').orderBy('id').limit(FOLD_BATCH))
    .returningAll()
    .execute()) as (EventRow & { id: number })[];
  if (!taken.length) return 0;

  // Which values each site's day may keep under its own name: those it has already, then the
  // batch's most viewed while the day's bound allows; the rest are counted as OTHER.
  const named = new Map<string, string>();
  const wanted = new Map<string, Map<string, number>>();
  for (const event of taken) {
    for (const [dimension, value] of valuesOf(event)) {
      const group = keyOf(event.app_key, event.day, dimension);
      const counts = wanted.get(group) ?? new Map<string, number>();
      counts.set(value, (counts.get(value) ?? 0) + 1);
      wanted.set(group, counts);
    }
  }
  for (const [group, counts] of wanted) {
    const [appKey, day, dimension] = group.split('\u0000') as [string, string, Dimension];
    const values = [...counts.keys()].filter((value) => value !== OTHER);
    const kept = new Set<string>();
    for (const part of chunks(values)) {
      const rows = await db
        .selectFrom('analytics_daily')
        .select('value')
        .where('app_key', '=', appKey)
        .where('dimension', '=', dimension)
        .where('span', '=', 'day')
        .where('day', '=', day)
        .where('value', 'in', part)
        .execute();
      for (const row of rows) kept.add(row.value);
    }
    const { n } = await db
      .selectFrom('analytics_daily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_key', '=', appKey)
      .where('dimension', '=', dimension)
      .where('span', '=', 'day')
      .where('day', '=', day)
      .where('value', '!=', OTHER)
      .executeTakeFirstOrThrow();
    let room = ANALYTICS_LIMITS.perDay[dimension] - Number(n);
    const newcomers = values.filter((value) => !kept.has(value)).sort((a, b) => counts.get(b)! - counts.get(a)!);
    for (const value of newcomers) {
      if (room <= 0) break;
      kept.add(value);
      room -= 1;
    }
    for (const value of counts.keys()) named.set(keyOf(group, value), kept.has(value) ? value : OTHER);
  }
  const nameOf = (event: EventRow, dimension: Dimension, value: string) =>
    named.get(keyOf(event.app_key, event.day, dimension, value)) ?? OTHER;

  // Views per value, and the visitors the day has not counted there yet.
  const totals = new Map<
    string,
    { app_key: string; day: string; dimension: Dimension; value: string; views: number; visitors: number }
  >();
  type Sighting = { app_key: string; day: string; dimension: Dimension; value: string; visitor: string };
  const sightings = new Map<string, Sighting>();
  for (const event of taken) {
    for (const [dimension, raw] of valuesOf(event)) {
      const value = nameOf(event, dimension, raw);
      const key = keyOf(event.app_key, event.day, dimension, value);
      const total = totals.get(key) ?? { app_key: event.app_key, day: event.day, dimension, value, views: 0, visitors: 0 };
      totals.set(key, total);
      // A beacon of vitals alone is no view: its page was counted when it was read.
      if (!event.view) continue;
      total.views += 1;
      sightings.set(keyOf(key, event.visitor), {
        app_key: event.app_key,
        day: event.day,
        dimension,
        value,
        visitor: event.visitor,
      });
    }
  }
  const roomForVisitors = new Map<string, number>();
  for (const sighting of sightings.values()) {
    const dayKey = keyOf(sighting.app_key, sighting.day);
    if (roomForVisitors.has(dayKey)) continue;
    const { n } = await db
      .selectFrom('analytics_seen')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_key', '=', sighting.app_key)
      .where('day', '=', sighting.day)
      .executeTakeFirstOrThrow();
    roomForVisitors.set(dayKey, ANALYTICS_LIMITS.visitorsPerDay - Number(n));
  }
  const toStore: Sighting[] = [];
  for (const sighting of sightings.values()) {
    const dayKey = keyOf(sighting.app_key, sighting.day);
    const room = roomForVisitors.get(dayKey)!;
    if (room > 0) {
      toStore.push(sighting);
      roomForVisitors.set(dayKey, room - 1);
    } else {
      // Past the day's bound a visitor cannot be told apart: each view counts as one.
      totals.get(keyOf(sighting.app_key, sighting.day, sighting.dimension, sighting.value))!.visitors += 1;
    }
  }
  for (const part of chunks(toStore)) {
    const fresh = await db
      .insertInto('analytics_seen')
      .values(part)
      .onConflict((oc) => oc.doNothing())
      .returning(['app_key', 'day', 'dimension', 'value'])
      .execute();
    for (const row of fresh) totals.get(keyOf(row.app_key, row.day, row.dimension as Dimension, row.value))!.visitors += 1;
  }
  await addDaily(
    db,
    [...totals.values()].filter((total) => total.views > 0 || total.visitors > 0).map((total) => ({ ...total, span: 'day' })),
  );

  // Each vital measured, in its page's histogram for the day.
  const pages = new Map<string, VitalsRow>();
  for (const event of taken) {
    for (const metric of VITALS) {
      const value = event[metric];
      if (value === null || value === undefined) continue;
      const path = nameOf(event, 'page', event.path);
      const key = keyOf(event.app_key, event.day, path);
      const page = pages.get(key) ?? { app_key: event.app_key, span: 'day', day: event.day, path, vitals: new Map() };
      pages.set(key, page);
      const histogram = page.vitals.get(metric) ?? new Map<number, number>();
      page.vitals.set(metric, histogram);
      const bucket = vitalBucket(metric, Number(value));
      histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
    }
  }
  await addVitals(db, [...pages.values()]);
  return taken.length;
}

// ── Reading: what the dashboard shows.

export interface AnalyticsAsked {
  from: string;
  to: string;
  period: AnalyticsPeriod;
  limit: number;
}

export interface Breakdown {
  value: string;
  views: number;
  visitors: number;
}

export interface PageVitals {
  path: string;
  samples: number;
  /** Each vital's 75th percentile (in milliseconds; CLS as a score) and its rating; absent when no beacon measured it. */
  vitals: Partial<Record<Vital, { p75: number; rating: VitalRating; samples: number }>>;
  /** The worst rating of its vitals. */
  rating: VitalRating;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  period: AnalyticsPeriod;
  totals: { views: number; visitors: number };
  series: { start: string; views: number; visitors: number }[];
  pages: Breakdown[];
  referrers: Breakdown[];
  languages: Breakdown[];
  devices: Breakdown[];
  vitals: PageVitals[];
}

/** The first day of the period a day falls in: itself, its week's Monday, or its month's first. */
export function periodStart(day: string, period: AnalyticsPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const at = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return dayOf(at.getTime() - sinceMonday * DAY_MS);
}

const SEVERITY: Record<VitalRating, number> = { good: 0, 'needs-improvement': 1, poor: 2 };

/**
 * The rows a read takes: the days asked for, and the rolled months they reach into (each month
 * whole: its days are no longer told apart).
 */
const rowsAsked =
  (asked: AnalyticsAsked) =>
  (eb: ExpressionBuilder<Tables, 'analytics_daily'> | ExpressionBuilder<Tables, 'analytics_vitals'>) => {
    const on = eb as ExpressionBuilder<Tables, 'analytics_daily'>;
    return on.or([
      on.and([on('span', '=', 'day'), on('day', '>=', asked.from), on('day', '<=', asked.to)]),
      on.and([on('span', '=', 'month'), on('day', '>=', periodStart(asked.from, 'month')), on('day', '<=', asked.to)]),
    ]);
  };

export async function analyticsReport(db: DB, appKey: string, asked: AnalyticsAsked): Promise<AnalyticsReport> {
  // The site's totals are never rolled: its rows are the days asked for.
  const daily = (dimension: Dimension) =>
    db.selectFrom('analytics_daily').where('app_key', '=', appKey).where('dimension', '=', dimension).where(rowsAsked(asked));
  const breakdown = async (dimension: Dimension): Promise<Breakdown[]> =>
    (
      await daily(dimension)
        .select((eb) => ['value', eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('visitors').as('visitors')])
        .groupBy('value')
        .orderBy('views', 'desc')
        .orderBy('value')
        .limit(asked.limit)
        .execute()
    ).map((row) => ({ value: row.value, views: Number(row.views), visitors: Number(row.visitors) }));

  const days = await daily('site').select(['day', 'views', 'visitors']).orderBy('day').execute();
  const series = new Map<string, { start: string; views: number; visitors: number }>();
  const totals = { views: 0, visitors: 0 };
  for (const row of days) {
    const start = periodStart(row.day, asked.period);
    const point = series.get(start) ?? { start, views: 0, visitors: 0 };
    point.views += Number(row.views);
    // Visitors are told apart within a day only (the salt changes): a longer period adds its days'.
    point.visitors += Number(row.visitors);
    series.set(start, point);
    totals.views += Number(row.views);
    totals.visitors += Number(row.visitors);
  }

  // Each page's histograms joined into one text per vital by the database (a histogram's text read
  // twice adds up: parseHistogram adds a bucket met again), so a page read on many days is one row.
  const postgres = isPostgresDb(db);
  const joined = (metric: Vital) =>
    (postgres ? sql<string>`string_agg(${sql.ref(metric)}, ' ')` : sql<string>`group_concat(${sql.ref(metric)}, ' ')`).as(metric);
  const kept = await db
    .selectFrom('analytics_vitals')
    .select(['path', joined('lcp'), joined('inp'), joined('cls'), joined('ttfb')])
    .where('app_key', '=', appKey)
    .where(rowsAsked(asked))
    .groupBy('path')
    .execute();
  const perPage = new Map<string, Map<Vital, Histogram>>();
  for (const row of kept) {
    const metrics = perPage.get(row.path) ?? new Map<Vital, Histogram>();
    perPage.set(row.path, metrics);
    for (const metric of VITALS) {
      if (!row[metric]) continue;
      metrics.set(metric, parseHistogram(row[metric], metrics.get(metric)));
    }
  }
  const vitals: PageVitals[] = [];
  for (const [path, metrics] of perPage) {
    const page: PageVitals = { path, samples: 0, vitals: {}, rating: 'good' };
    for (const [metric, histogram] of metrics) {
      const p75 = p75Of(metric, histogram);
      if (p75 === undefined) continue;
      let samples = 0;
      for (const count of histogram.values()) samples += count;
      const rating = ratingOf(metric, p75);
      page.vitals[metric] = { p75: metric === 'cls' ? p75 / 1000 : p75, rating, samples };
      page.samples = Math.max(page.samples, samples);
      if (SEVERITY[rating] > SEVERITY[page.rating]) page.rating = rating;
    }
    vitals.push(page);
  }
  // Worst first: by the worst rating, then by the LCP's 75th percentile, slowest first.
  vitals.sort(
    (a, b) =>
      SEVERITY[b.rating] - SEVERITY[a.rating] ||
      (b.vitals.lcp?.p75 ?? 0) - (a.vitals.lcp?.p75 ?? 0) ||
      a.path.localeCompare(b.path),
  );

  return {
    from: asked.from,
    to: asked.to,
    period: asked.period,
    totals,
    series: [...series.values()],
    pages: await breakdown('page'),
    referrers: await breakdown('referrer'),
    languages: await breakdown('language'),
    devices: await breakdown('device'),
    vitals: vitals.slice(0, asked.limit),
  };
}
