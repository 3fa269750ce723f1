/**
 * The API layer's seeded demo, made once per run (Vitest's globalSetup for the api project) on each
 * database: a migrated and seeded SQLite file with its uploads folder, and a PostgreSQL database
 * used as a template. A test app whose settings leave what is stored alone starts on a copy
 * (startTestApp): a copied file, or `create database … template …`, as an install that has run
 * before would; its migrations and seed then find nothing to do.
 *
 * Why: a test app that migrates and seeds for itself repeats the same work for every one of the
 * layer's hundred-odd apps on each database, and that work was most of their start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createServer } from '../../src/server/bootstrap';
import { databaseAt, onPostgres, postgresAnswers, SEEDED_SCHEMA, seededConfig } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the seeded SQLite demo (site.db, uploads) that SQLite test apps start on a copy of. */
    apiSeededDir: string;
    /** The PostgreSQL database PostgreSQL test apps are created from (empty when none answered). */
    apiSeededTemplate: string;
  }
}

/** Migrates and seeds a database with the settings `startTestApp` starts with, its uploads in `dir`. */
async function seedOnce(databaseUrl: string, pgSchema: string | undefined, dir: string) {
  const { app } = await createServer({ ...seededConfig(dir), databaseUrl, pgSchema }, { logger: false });
  await app.close();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-api-seeded-'));
  await seedOnce(`sqlite:${path.join(dir, 'site.db')}`, undefined, dir);
  project.provide('apiSeededDir', dir);

  let template = '';
  if (await postgresAnswers()) {
    template = `orgsite_api_seeded_${process.pid}`;
    await onPostgres(`create database ${template}`);
    await onPostgres(`create schema ${SEEDED_SCHEMA}`, databaseAt(template));
    // Its own uploads folder: the PostgreSQL apps copy it as the SQLite ones copy theirs.
    await seedOnce(databaseAt(template), SEEDED_SCHEMA, path.join(dir, 'postgres'));
  }
  project.provide('apiSeededTemplate', template);
  return async () => {
    if (template) await onPostgres(`drop database if exists ${template} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
