/**
 * Built-in visitor analytics (issue #62, content/analytics.ts): a site's switch; a short queue of
 * raw beacons; the daily aggregates they are folded into (views and visitors per breakdown value,
 * and a histogram of each page's field vitals, from which the p75 is read); the day's visitor
 * hashes, so a visitor is counted once a day however many folds see them; and the day's salt,
 * shared by every instance and forgotten with its day. Each row goes with its site.
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';

const site = 'app_key';

export async function up(db: Kysely<unknown>): Promise<void> {
  // On by default: the site's own counts, no third party, no cookie; staff can switch it off.
  await db.schema
    .alterTable('applications')
    .addColumn('analytics', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  const queue = isPostgresDb(db)
    ? db.schema.createTable('analytics_events').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('analytics_events').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await queue
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    /** The UTC day it was received on, YYYY-MM-DD: the day it counts for. */
    .addColumn('day', 'text', (c) => c.notNull())
    /** 1 for a page view; 0 for a later beacon carrying only the page's vitals. */
    .addColumn('view', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('referrer', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    /** The day's salted hash of address and user agent: never the address. */
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('lcp', 'integer')
    .addColumn('inp', 'integer')
    .addColumn('cls', 'integer')
    .addColumn('ttfb', 'integer')
    .execute();

  await db.schema
    .createTable('analytics_daily')
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_daily_pk', [site, 'dimension', 'day', 'value'])
    .execute();

  await db.schema
    .createTable('analytics_vitals')
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    /** The value, to two significant digits (shared/analytics.ts vitalBucket). */
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('analytics_vitals_pk', [site, 'day', 'path', 'metric', 'bucket'])
    .execute();

  await db.schema
    .createTable('analytics_seen')
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_seen_pk', [site, 'day', 'dimension', 'value', 'visitor'])
    .execute();

  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['analytics_salts', 'analytics_seen', 'analytics_vitals', 'analytics_daily', 'analytics_events']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('applications').dropColumn('analytics').execute();
}
