/**
 * On PostgreSQL an installation sees its own schema only (src/server/db/one-schema.ts): another
 * schema of the same database, with tables of the same names, is not listed by introspection, and
 * schemas dropped while it reads the catalogue or migrates do not fail it. Three CI runs once ended
 * with a test's server refusing to start: "schema … does not exist", another test's schema, dropped
 * while Kysely's migrator read every schema's tables.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { dialects, onPostgres, startTestApp, type TestApp } from './harness';

const postgresRuns = (await dialects()).includes('postgres');

describe.runIf(postgresRuns)('one schema of a shared PostgreSQL database', () => {
  let t: TestApp;
  const neighbour = `t_${randomBytes(6).toString('hex')}`;
  /** A statement in the app's own database, beside its schema. */
  const admin = (statement: string) => onPostgres(statement, t.config.databaseUrl);

  beforeAll(async () => {
    t = await startTestApp('postgres');
    await admin(`create schema ${neighbour}`);
    await admin(`create table ${neighbour}.faqs (id integer primary key, is_admin integer)`);
    await admin(`create table ${neighbour}.kysely_migration (name text primary key, timestamp text)`);
  });
  afterAll(async () => {
    await admin(`drop schema if exists ${neighbour} cascade`);
    await t?.close();
  });

  it('lists its own tables, once each, with their own columns', async () => {
    const tables = await t.app.ctx.database.db.introspection.getTables({ withInternalKyselyTables: true });
    const faqs = tables.filter((table) => table.name === 'faqs');
    expect(faqs).toHaveLength(1);
    expect(faqs[0]!.schema).toBe(t.config.pgSchema);
    expect(faqs[0]!.columns.map((column) => column.name)).not.toContain('is_admin');
    expect(tables.every((table) => table.schema === t.config.pgSchema)).toBe(true);
    expect(tables.filter((table) => table.name === 'kysely_migration')).toHaveLength(1);
  });

  it('migrates and reads the catalogue while other schemas come and go', async () => {
    const churn = (async () => {
      for (let i = 0; i < 40; i++) {
        const name = `t_${randomBytes(6).toString('hex')}`;
        await admin(`create schema ${name}`);
        await admin(`create table ${name}.pages (id integer)`);
        await admin(`drop schema ${name} cascade`);
      }
    })();
    const database = openDatabase(t.config.databaseUrl, t.config.pgSchema);
    try {
      const reads = (async () => {
        for (let i = 0; i < 40; i++) {
          await migrateToLatest(database.db, t.config.pgSchema);
          await database.db.introspection.getTables();
        }
      })();
      await Promise.all([churn, reads]);
    } finally {
      await database.close();
    }
  });
});
