// A Vitest reporter that writes each test file's time and the errors of its hooks to
// $FILE_TIMES_OUTPUT (JSON: [{ file, ms, errors }]), for scripts/test.mjs's list of the slowest
// files and its closing list of failures. Vitest's JSON report times a file from its first test to
// its last, leaving out its import and its beforeAll/afterAll hooks, which is where an API or
// end-to-end file starts its servers and browser; this counts them. That report also drops the error
// of a describe block's beforeAll (its tests are only marked skipped), which a long run's verdict
// must name.
import fs from 'node:fs';
import path from 'node:path';

/** The first line of each error of the file and of its describe blocks, with where it was thrown. */
function hookErrors(module) {
  const errors = [...module.errors()];
  for (const suite of module.children.allSuites()) errors.push(...suite.errors());
  return errors.map((e) => {
    const where = e.stacks?.find((s) => !s.file.includes('node_modules'));
    return `${e.name ?? 'Error'}: ${String(e.message).split('\n')[0]}${where ? ` (${path.relative(process.cwd(), where.file)}:${where.line})` : ''}`;
  });
}

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const output = process.env.FILE_TIMES_OUTPUT;
    if (!output) return;
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: path.relative(process.cwd(), module.moduleId),
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
        errors: hookErrors(module),
      };
    });
    fs.writeFileSync(output, JSON.stringify(files));
  }
}
