/**
 * The e2e layer's seeded demo, made once per run (Vitest's globalSetup for the e2e project): the
 * migrated and seeded SQLite database and the demo's pictures with every rendition. Each test file's
 * server starts on a copy of it (startApp), as an install that has run before would.
 *
 * Why: a server that seeds the demo itself makes the demo's renditions in the background for its
 * whole life (bootstrap.ts), a core's worth of encoding under every test file on a two-core machine.
 * Made once here, the copies start with them made and encode nothing a test does not upload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createServer } from '../../src/server/bootstrap';
import { configFromEnv } from '../../src/server/config';
import { renditionsCutAtFocalPoints } from '../../src/server/media/focal-points';
import { E2E_ADMIN, E2E_APP_KEY } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding the seeded demo (site.db, uploads) that each e2e server starts on a copy of. */
    e2eDemoData: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-e2e-demo-'));
  const { app, seeded } = await createServer(
    {
      ...configFromEnv({}),
      databaseUrl: `sqlite:${path.join(dir, 'site.db')}`,
      uploadDir: path.join(dir, 'uploads'),
      erasuresFile: path.join(dir, 'erased-people'),
      staticDir: path.join(dir, 'no-build'),
      adminEmail: E2E_ADMIN.email,
      adminPassword: E2E_ADMIN.password,
      appKey: E2E_APP_KEY,
      prepareDemoRenditions: false,
    },
    { logger: false },
  );
  try {
    // A server makes one rendition at a time (its queue leaves the other cores to requests), and
    // sharp encodes each on one thread on this glibc Linux: here nothing else waits for a core,
    // so one queue per core shares the pictures out, each picture wholly on one queue.
    const { storage, database } = app.ctx;
    const queues = Array.from({ length: os.availableParallelism() }, (_, i) =>
      i === 0 ? app.ctx.renditions : renditionsCutAtFocalPoints(storage, database.db),
    );
    await Promise.all(seeded.demoImages.map((name, i) => queues[i % queues.length]!.prepare(name)));
    await Promise.all(queues.map((queue) => queue.idle()));
  } finally {
    await app.close();
  }
  project.provide('e2eDemoData', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
