/**
 * `npm run measure`, after `npm run build`: what pages and back-office screens cost to open.
 * - Per public route, the JavaScript the page needs (gzip -9 of the files it loaded) and whether
 *   any of it is admin code.
 * - Per back-office screen, the same, against its budget, and whether the rich-text editor came.
 * - On emulated Slow 4G with a cold cache, how long until staff can type into the sign-in form
 *   and into a new post's title.
 * - Lighthouse's mobile scores for the home and About pages in each language and the sign-in screen.
 * - The analytics page-view beacon's own code (minified, gzip -9) against its 1 KB budget, and the
 *   field-vitals chunk loaded after it.
 * Exits with 1 when a byte budget is exceeded (the times and scores are reported beside their targets).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build as bundle } from 'esbuild';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr';
import { type Browser, chromium, type Page } from 'playwright-core';
import { APP_PATHS } from '../src/shared/address-space';
import { STAFF_COOKIE, TOKEN_KEY } from '../src/shared/stored-session';
import { CHROMIUM_FLAGS, launchBrowser, startApp } from '../tests/e2e/harness';
import { CHROMIUM } from './chromium.mjs';

const ROUTES = ['/', '/about', '/news', '/gallery', '/contact'];
/** Each language's home and About page (the demo is written in English and Bangla). */
const LIGHTHOUSE_ROUTES = ['/', '/about', '/bn/', `/bn/${encodeURIComponent('আমাদের-কথা')}`, APP_PATHS.admin];
/** Texts that exist only in admin code: finding one in a public page's JS means admin code leaked. */
const ADMIN_MARKERS = ['Are you sure to delete?', 'Please select a file to upload.', 'Remember Me'];
const BUDGET_KB = 120;
/** Code only the rich-text editor carries (ProseMirror's class on its editable element). */
const RICH_TEXT_MARKER = 'ProseMirror-hideselection';

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** What shows once the screen can be used. */
  ready: (page: Page) => Promise<unknown>;
  budgetKb?: number;
}

const ADMIN_SCREENS: Screen[] = [
  {
    name: 'sign-in',
    path: APP_PATHS.admin,
    signedIn: false,
    ready: (p) => p.locator('input[name="identifier"]').waitFor(),
    budgetKb: 150,
  },
  {
    name: 'dashboard',
    path: APP_PATHS.admin,
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: 'Dashboard' }).waitFor(),
    budgetKb: 220,
  },
  {
    name: 'a form without rich text (new social link)',
    path: `${APP_PATHS.admin}/social/form`,
    signedIn: true,
    ready: (p) => p.locator('input[name="name"]').waitFor(),
    budgetKb: 260,
  },
  {
    name: 'a form with rich text (new post)',
    path: `${APP_PATHS.admin}/post/form`,
    signedIn: true,
    ready: (p) => p.locator('.ProseMirror').waitFor(),
  },
];

/** Chrome DevTools' "Slow 4G" preset: its throughput down and up (bytes a second) and its round trip. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

/**
 * A fresh context (cold cache, no service worker); with `token`, holding a staff session and its
 * hint cookie, as signing in leaves them.
 */
async function screenContext(browser: Browser, token?: string) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (token) {
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
    await context.addCookies([{ name: STAFF_COOKIE, value: '1', url: app.baseUrl }]);
  }
  return context;
}

let overBudget = false;

/** The page-view beacon's budget (issue #62): what Plausible's script weighs. */
const BEACON_BUDGET_BYTES = 1024;

/**
 * The beacon's own code as a page carries it: bundled, minified, gzip -9, without the page's
 * config reader (every public page has it already) and the vitals module it loads later.
 */
async function beaconBytes(): Promise<number> {
  const made = await bundle({
    entryPoints: ['src/client/site/analytics/beacon.ts'],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    external: ['./vitals', '../../config'],
    logLevel: 'silent',
  });
  return gzipSync(made.outputFiles[0]!.contents, { level: 9 }).length;
}

{
  const beacon = await beaconBytes();
  const over = beacon > BEACON_BUDGET_BYTES;
  overBudget ||= over;
  const vitalsFile = fs
    .readdirSync(path.resolve(process.env.STATIC_DIR ?? 'dist', 'assets'))
    .find((name) => /^vitals-.*\.js$/.test(name));
  const vitals = vitalsFile
    ? gzipSync(fs.readFileSync(path.resolve(process.env.STATIC_DIR ?? 'dist', 'assets', vitalsFile)), { level: 9 }).length
    : undefined;
  console.log('\nAnalytics beacon (gzip -9)\n');
  console.log('| part | bytes | budget bytes |');
  console.log('| --- | ---: | ---: |');
  console.log(`| page view | ${beacon}${over ? ' **exceeded**' : ''} | ${BEACON_BUDGET_BYTES} |`);
  console.log(`| field vitals (web-vitals, loaded after the view) | ${vitals ?? 'not built'} | |`);
}

const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
// A first start, as a new install's visitors meet it (outside Vitest there is no run's seeded demo).
const app = await startApp({ staticDir, empty: true });
const browser = await launchBrowser(CHROMIUM);
try {
  console.log(`\nJavaScript each public route needs (gzip -9), budget for / ${BUDGET_KB} KB\n`);
  console.log('| route | JS files | JS gzip KB | admin code loaded |');
  console.log('| --- | ---: | ---: | --- |');
  for (const route of ROUTES) {
    // No service worker: its precache would download files this page does not need.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.origin === app.baseUrl && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(app.baseUrl + route, { waitUntil: 'networkidle' });
    let gzipBytes = 0;
    const leaks: string[] = [];
    for (const file of scripts) {
      const content = fs.readFileSync(path.join(staticDir, file));
      gzipBytes += gzipSync(content, { level: 9 }).length;
      const text = content.toString();
      if (ADMIN_MARKERS.some((m) => text.includes(m))) leaks.push(path.basename(file));
    }
    const over = route === '/' && gzipBytes / 1024 > BUDGET_KB;
    overBudget ||= over;
    console.log(
      `| ${route} | ${scripts.size} | ${(gzipBytes / 1024).toFixed(1)}${over ? ' **exceeded**' : ''} | ${leaks.length ? leaks.join(', ') : 'no'} |`,
    );
    await context.close();
  }

  const token = await app.token();
  console.log('\nJavaScript each back-office screen needs (gzip -9), cold cache\n');
  console.log('| screen | JS files | JS gzip KB | budget KB | rich-text editor loaded |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const screen of ADMIN_SCREENS) {
    const context = await screenContext(browser, screen.signedIn ? token : undefined);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.origin === app.baseUrl && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(app.baseUrl + screen.path);
    await screen.ready(page);
    await page.waitForLoadState('networkidle');
    let gzipBytes = 0;
    let richText = false;
    for (const file of scripts) {
      const content = fs.readFileSync(path.join(staticDir, file));
      gzipBytes += gzipSync(content, { level: 9 }).length;
      richText ||= content.toString().includes(RICH_TEXT_MARKER);
    }
    const kb = gzipBytes / 1024;
    const over = screen.budgetKb !== undefined && kb > screen.budgetKb;
    overBudget ||= over;
    console.log(
      `| ${screen.name} | ${scripts.size} | ${kb.toFixed(1)} | ${screen.budgetKb ?? '–'}${over ? ' **exceeded**' : ''} | ${richText ? 'yes' : 'no'} |`,
    );
    await context.close();
  }

  console.log('\nTime until staff can type, Slow 4G (1.6 Mbit/s, 150 ms), cold cache, median of 3\n');
  console.log('| field | ms | target ms |');
  console.log('| --- | ---: | ---: |');
  const typing = [
    {
      name: 'sign-in: Email or phone',
      path: APP_PATHS.admin,
      signedIn: false,
      field: 'input[name="identifier"]',
      targetMs: 3000,
    },
    {
      name: 'new post: Title',
      path: `${APP_PATHS.admin}/post/form`,
      signedIn: true,
      field: 'input[name="title"]',
      targetMs: 5000,
    },
  ];
  for (const { name, path: screenPath, signedIn, field, targetMs } of typing) {
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const context = await screenContext(browser, signedIn ? token : undefined);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      const started = Date.now();
      await page.goto(app.baseUrl + screenPath, { waitUntil: 'commit' });
      const input = page.locator(field);
      await input.waitFor({ timeout: 60_000 });
      await input.pressSequentially('ab');
      const typed = Date.now() - started;
      // Typed and kept: once the app has taken the page over, what was typed is still there.
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
      if ((await input.inputValue()) !== 'ab') throw new Error(`${name}: what was typed did not stay`);
      times.push(typed);
      await context.close();
    }
    const median = [...times].sort((a, b) => a - b)[1]!;
    console.log(`| ${name} | ${median} (${times.join(', ')}) | ${targetMs} |`);
  }

  // Lighthouse 12 has no PWA category any more; Chromium itself says why a page is not installable.
  // A persistent profile: Chromium never offers installation in an incognito-like context.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
  await page.reload({ waitUntil: 'networkidle' });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  console.log(
    `\nInstallability (Chromium): ${installabilityErrors.length === 0 ? 'installable, no errors' : installabilityErrors.map((e) => e.errorId).join(', ')}`,
  );
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });

  // One Lighthouse run says little on a shared machine: the CPU it measures (benchmarkIndex) swings
  // from run to run, and blocking time with it. Like Lighthouse's own advice, report the median of
  // several runs, and every run's Performance score beside it.
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
  console.log(`\nLighthouse (mobile, simulated throttling), median of ${runs} runs\n`);
  console.log(
    '| route | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | Speed Index | Performance, every run | benchmarkIndex |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const results: Result[] = [];
      for (let attempt = 0; results.length < runs && attempt < runs * 2; attempt++) {
        const result = await lighthouse(app.baseUrl + route, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        // Lighthouse's first trace in a fresh browser sometimes fails (NO_NAVSTART): such a run is repeated.
        if (result && !result.lhr.runtimeError) results.push(result.lhr);
      }
      if (results.length === 0) {
        console.log(`| ${route} | Lighthouse failed | | | |`);
        continue;
      }
      const performance = (lhr: Result) => lhr.categories.performance?.score ?? 0;
      const sorted = [...results].sort((x, y) => performance(x) - performance(y));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      const score = (key: string) => Math.round((median.categories[key]?.score ?? 0) * 100);
      const metric = (id: string) => median.audits[id]?.displayValue ?? '?';
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ];
      const every = results.map((lhr) => Math.round(performance(lhr) * 100)).join(', ');
      const bench = results.map((lhr) => Math.round(lhr.environment.benchmarkIndex));
      console.log(
        `| ${route} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${metrics.map(metric).join(' | ')} | ${every} | ${Math.min(...bench)}–${Math.max(...bench)} |`,
      );
    }
  } finally {
    chrome.kill();
  }
} finally {
  await browser.close();
  await app.stop();
}

if (overBudget) {
  console.error('\nA JavaScript budget was exceeded (marked above).');
  process.exit(1);
}
