/**
 * Field vitals in fixed buckets (issue #62): `analytics_vitals` kept a row per page, day, vital and
 * value to two significant digits, so nearly every uncommon measurement was a row of its own and
 * a year grew with the traffic. It now keeps one row per page and day, or per page and month once
 * the month is over (`span`), holding each vital's histogram over the fixed log-scale buckets of
 * shared/analytics.ts (VITAL_EDGES) as text; content/analytics.ts rolls days into months.
 *
 * One table with a `span` column rather than a table of months: a read, a backup, a restore and
 * the prune each name one table, and a month's row is merged exactly as a day's is.
 *
 * Existing rows are converted here, each value into the bucket that holds it, and kept as days;
 * the next hourly prune rolls the months that are over.
 */
import type { Kysely } from 'kysely';
import { formatHistogram, type Histogram, type Vital, VITALS, vitalBucket } from '../../../shared/analytics';

const site = 'app_key';

/** A row as migration 030 kept it: a count of one value of one vital. */
export interface ValueCountRow {
  app_key: string;
  day: string;
  path: string;
  metric: string;
  bucket: number;
  count: number;
}

/** A row as this migration keeps it: a page's day (or month) with one histogram per vital. */
export interface HistogramRow {
  app_key: string;
  span: 'day' | 'month';
  day: string;
  path: string;
  lcp: string;
  inp: string;
  cls: string;
  ttfb: string;
}

/** Migration 030's rows as this one keeps them: each value in the bucket that holds it (a restore of an older backup uses it too). */
export function histogramRowsOf(rows: readonly ValueCountRow[]): HistogramRow[] {
  const pages = new Map<string, { app_key: string; day: string; path: string; vitals: Map<Vital, Histogram> }>();
  for (const row of rows) {
    const metric = row.metric as Vital;
    if (!VITALS.includes(metric)) continue;
    const key = `${row.app_key}\u0000${row.day}\u0000${row.path}`;
    const page = pages.get(key) ?? { app_key: row.app_key, day: row.day, path: row.path, vitals: new Map() };
    pages.set(key, page);
    const histogram = page.vitals.get(metric) ?? new Map<number, number>();
    page.vitals.set(metric, histogram);
    const bucket = vitalBucket(metric, Number(row.bucket));
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + Number(row.count));
  }
  return [...pages.values()].map((page) => ({
    app_key: page.app_key,
    span: 'day',
    day: page.day,
    path: page.path,
    lcp: formatHistogram(page.vitals.get('lcp') ?? new Map()),
    inp: formatHistogram(page.vitals.get('inp') ?? new Map()),
    cls: formatHistogram(page.vitals.get('cls') ?? new Map()),
    ttfb: formatHistogram(page.vitals.get('ttfb') ?? new Map()),
  }));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytics_vitals').renameTo('analytics_vitals_030').execute();
  await db.schema
    .createTable('analytics_vitals')
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    /** 'day', or 'month' for a month that is over, its days rolled into one row. */
    .addColumn('span', 'text', (c) => c.notNull())
    /** The day, YYYY-MM-DD; a month's first day for a month. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    /** Each vital's histogram, `bucket:count` pairs (shared/analytics.ts formatHistogram); empty when none measured it. */
    .addColumn('lcp', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inp', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cls', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ttfb', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('analytics_vitals_histogram_pk', [site, 'span', 'day', 'path'])
    .execute();

  // A day at a time: a day's rows are bounded (its pages, vitals and values), the table is not.
  const old = db as unknown as Kysely<{ analytics_vitals_030: ValueCountRow; analytics_vitals: HistogramRow }>;
  const days = await old
    .selectFrom('analytics_vitals_030')
    .select([site, 'day'])
    .distinct()
    .orderBy(site)
    .orderBy('day')
    .execute();
  for (const { app_key, day } of days) {
    const rows = await old
      .selectFrom('analytics_vitals_030')
      .selectAll()
      .where(site, '=', app_key)
      .where('day', '=', day)
      .execute();
    const converted = histogramRowsOf(rows);
    for (let i = 0; i < converted.length; i += 200)
      await old
        .insertInto('analytics_vitals')
        .values(converted.slice(i, i + 200))
        .execute();
  }
  await db.schema.dropTable('analytics_vitals_030').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The values inside a bucket were not kept, so there is nothing exact to go back to: the
  // histograms are dropped with the table.
  await db.schema.dropTable('analytics_vitals').execute();
  await db.schema
    .createTable('analytics_vitals')
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_vitals_pk', [site, 'day', 'path', 'metric', 'bucket'])
    .execute();
}
