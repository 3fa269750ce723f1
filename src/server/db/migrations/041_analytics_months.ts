/**
 * Analytics storage bounded by design (issue #62): `analytics_daily` gains a `span`, as
 * `analytics_vitals` has since migration 037, so a month that is over is kept as one row per
 * breakdown value (its most viewed values, the rest under "(other)"; content/analytics.ts rolls
 * it) rather than a row per day and value; the site's own totals stay a row a day.
 *
 * On SQLite both tables become WITHOUT ROWID: their rows are found by their primary key only, and
 * a table with a rowid keeps that key twice (the table's rows and the key's index).
 *
 * Existing rows stay days; the next hourly prune rolls the months that are over.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from '../database';

const site = 'app_key';

/** A table and its columns as this migration makes them, under a name of its own until the old one goes. */
const dailyTable = (db: Kysely<unknown>, name: string, withSpan: boolean) => {
  let table = db.schema
    .createTable(name)
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('dimension', 'text', (c) => c.notNull());
  /** 'day', or 'month' for a month that is over, its days rolled into one row per value (`day` its first day). */
  if (withSpan) table = table.addColumn('span', 'text', (c) => c.notNull().defaultTo('day'));
  return table
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(
      withSpan ? 'analytics_daily_span_pk' : 'analytics_daily_pk',
      (withSpan ? [site, 'dimension', 'span', 'day', 'value'] : [site, 'dimension', 'day', 'value']) as never,
    )
    .modifyEnd(sql`without rowid`);
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgresDb(db)) {
    await db.schema
      .alterTable('analytics_daily')
      .addColumn('span', 'text', (c) => c.notNull().defaultTo('day'))
      .execute();
    await db.schema.alterTable('analytics_daily').dropConstraint('analytics_daily_pk').execute();
    await db.schema
      .alterTable('analytics_daily')
      .addPrimaryKeyConstraint('analytics_daily_span_pk', [site, 'dimension', 'span', 'day', 'value'])
      .execute();
    return;
  }
  await dailyTable(db, 'analytics_daily_041', true).execute();
  await sql`insert into analytics_daily_041 (app_key, dimension, span, day, value, views, visitors)
    select app_key, dimension, 'day', day, value, views, visitors from analytics_daily`.execute(db);
  await db.schema.dropTable('analytics_daily').execute();
  await db.schema.alterTable('analytics_daily_041').renameTo('analytics_daily').execute();

  await db.schema
    .createTable('analytics_vitals_041')
    .addColumn(site, 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('span', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('lcp', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inp', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cls', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ttfb', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('analytics_vitals_041_pk', [site, 'span', 'day', 'path'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await sql`insert into analytics_vitals_041 select app_key, span, day, path, lcp, inp, cls, ttfb from analytics_vitals`.execute(
    db,
  );
  await db.schema.dropTable('analytics_vitals').execute();
  await db.schema.alterTable('analytics_vitals_041').renameTo('analytics_vitals').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A rolled month's days are no longer told apart: its rows cannot become days again.
  await sql`delete from analytics_daily where span = 'month'`.execute(db);
  if (isPostgresDb(db)) {
    await db.schema.alterTable('analytics_daily').dropConstraint('analytics_daily_span_pk').execute();
    await db.schema.alterTable('analytics_daily').dropColumn('span').execute();
    await db.schema
      .alterTable('analytics_daily')
      .addPrimaryKeyConstraint('analytics_daily_pk', [site, 'dimension', 'day', 'value'])
      .execute();
    return;
  }
  await dailyTable(db, 'analytics_daily_030', false).execute();
  await sql`insert into analytics_daily_030 (app_key, dimension, day, value, views, visitors)
    select app_key, dimension, day, value, views, visitors from analytics_daily`.execute(db);
  await db.schema.dropTable('analytics_daily').execute();
  await db.schema.alterTable('analytics_daily_030').renameTo('analytics_daily').execute();
}
