/**
 * Which Chromium each job uses, one rule for the test runner (scripts/test.mjs), the e2e harness
 * and the measurements. CHROMIUM_PATH overrides both.
 */
import fs from 'node:fs';

/** Debian's Chromium: the browser visitors have, which the page measurements and the demo's pictures use. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests drive: Debian's `chromium-headless-shell` where it is installed, else
 * CHROMIUM. The shell is Chromium's engine without the browser's window and interface, which
 * headless tests never show; the same pages take it less CPU (docs/performance.md#test-suite-time),
 * on a layer the CPU bounds.
 */
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
