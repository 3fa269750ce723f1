import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runStep } from '../../../scripts/build-steps.mjs';

/** A terminal that keeps what it is given. */
function terminal() {
  let text = '';
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { out, text: () => text };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-build-steps-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A step that prints 300 lines of file sizes, a warning among them when asked, and ends with `code`. */
const step = (code: number, warning = '') => [
  '-e',
  `for (let i = 0; i < 300; i++) console.log('dist/assets/chunk-' + i + '.js  1.00 kB');
   ${warning ? `console.error(${JSON.stringify(warning)});` : ''}
   process.exitCode = ${code};`,
];

describe("the build's steps (scripts/build-steps.mjs)", () => {
  it('quiet, a step that succeeds is one line, and its whole output is in the log', async () => {
    const log = path.join(dir, 'quiet.log');
    const { out, text } = terminal();
    await runStep('Building the server', process.execPath, step(0), { quiet: true, log, out });
    expect(text()).toMatch(/^ {2}✓ Building the server \(\d+ s\)\n$/);
    expect(fs.readFileSync(log, 'utf8').split('\n')).toHaveLength(301);
  });

  it('quiet, a warning is never hidden', async () => {
    const { out, text } = terminal();
    await runStep('Building the site', process.execPath, step(0, ' WARN  someOption is deprecated'), { quiet: true, out });
    expect(text().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^ {2}✓ Building the site/),
      '    WARN  someOption is deprecated',
    ]);
  });

  it('quiet, a step that fails shows its whole output and says how it ended', async () => {
    const { out, text } = terminal();
    const failed = runStep('Building the site', process.execPath, step(3, 'error: something broke'), { quiet: true, out });
    await expect(failed).rejects.toMatchObject({ exitCode: 3 });
    expect(text()).toContain('✗ Building the site failed:');
    expect(text()).toContain('dist/assets/chunk-299.js');
    expect(text()).toContain('error: something broke');
  });

  it('not quiet (npm run build, npm start -- --verbose), everything shows as it comes', async () => {
    const { out, text } = terminal();
    await runStep('Building the server', process.execPath, step(0), { out });
    expect(text()).toContain('Building the server\n');
    expect(text()).toContain('dist/assets/chunk-0.js');
    expect(text()).toContain('dist/assets/chunk-299.js');
  });
});
