// A Vitest reporter that writes each test file's time to $FILE_TIMES_OUTPUT (JSON: [{ file, ms }]),
// for scripts/test.mjs's list of the slowest files. Vitest's JSON report times a file from its first
// test to its last, leaving out its import and its beforeAll/afterAll hooks, which is where an API or
// end-to-end file starts its servers and browser; this counts them.
import fs from 'node:fs';
import path from 'node:path';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const output = process.env.FILE_TIMES_OUTPUT;
    if (!output) return;
    const times = testModules.map((module) => {
      const d = module.diagnostic();
      return {
        file: path.relative(process.cwd(), module.moduleId),
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
      };
    });
    fs.writeFileSync(output, JSON.stringify(times));
  }
}
