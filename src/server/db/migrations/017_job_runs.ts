/**
 * Which instance ran each periodic job in each period: the row is the claim. Several instances on
 * one database each try to insert it when the period comes; the one whose insert lands runs the
 * job, the others see the row and leave it (upkeep.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    /** When the period began (ISO time): one run per job and period. */
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('job_runs_pk', ['job', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
}
