/**
 * `npm run measure`: the public site's budgets, after `npm run build`. Prints, per public route,
 * the JavaScript the page needs (gzip -9 of the files it loaded) and whether any of it is admin
 * code, then Lighthouse's mobile scores for / and /about. Measures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type Result from 'lighthouse/types/lhr/lhr';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, startApp } from '../tests/e2e/harness';

const ROUTES = ['/', '/about', '/news', '/gallery', '/contact'];
/** Each language's home and About page (the demo is written in English and Bangla). */
const LIGHTHOUSE_ROUTES = ['/', '/about', '/bn/', `/bn/${encodeURIComponent('আমাদের-কথা')}`];
/** Texts that exist only in admin code: finding one in a public page's JS means admin code leaked. */
const ADMIN_MARKERS = ['Are you sure to delete?', 'Please select a file to upload.', 'Remember Me'];
const BUDGET_KB = 120;

const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
const app = await startApp({ staticDir });
const browser = await launchBrowser();
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
    console.log(`| ${route} | ${scripts.size} | ${(gzipBytes / 1024).toFixed(1)} | ${leaks.length ? leaks.join(', ') : 'no'} |`);
    await context.close();
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
