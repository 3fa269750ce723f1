/**
 * The order test files start in: the files below first, longest first, then Vitest's order (the
 * longest first by the times of the last run on this machine; a fresh clone, as CI's, has none and
 * keeps the files' names' order). Started late, one of these runs on for a minute or more while the
 * other worker has nothing left to do.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_RUNNING = [
  // Each role against every route, on each database.
  'tests/api/rights.test.ts',
  // Type-checks a copy of the repository after the generator has written its files.
  'tests/api/entity-new.test.ts',
  // Thousands of generated requests on each database.
  'tests/api/fuzz.test.ts',
  // Servers killed in the middle of a send and started again.
  'tests/api/newsletter-crash.test.ts',
  // A real S3-protocol server beside the file store.
  'tests/api/storage.test.ts',
  // Every back-office screen in light and dark, through axe, in two halves run side by side.
  'tests/e2e/admin-shell.test.ts',
  'tests/e2e/admin-shell-axe.test.ts',
  // The ELK worker's first layout, and runs recorded in one browser and replayed in another.
  'tests/e2e/admin-flows.test.ts',
  // Two servers on one PostgreSQL schema and one S3 store.
  'tests/e2e/cluster.test.ts',
  // Uploads cut and resumed, pictures encoded.
  'tests/e2e/admin-media.test.ts',
  // Versions and conflicts across two browsers.
  'tests/e2e/admin-versions.test.ts',
];

export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONG_RUNNING.findIndex((name) => file.moduleId.endsWith(name));
      return at === -1 ? LONG_RUNNING.length : at;
    };
    // Array.prototype.sort is stable: the others keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
