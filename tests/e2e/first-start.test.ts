/**
 * What a new user meets on the first start, beyond the pages themselves: a build without a
 * warning, and pages whose headers the browser takes without a complaint in its console.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WARNING_LINE } from '../../scripts/build-steps.mjs';
import { PERMISSIONS_POLICY } from '../../src/server/plugins/security-headers';
import { chromiumAvailable, launchBrowser } from './harness';

describe('the first start', () => {
  it('the build these tests run was made without a warning', () => {
    // scripts/build.mjs keeps each build's whole output beside it.
    const log = path.join(path.resolve(process.env.E2E_STATIC_DIR ?? 'dist'), '.build.log');
    expect(fs.existsSync(log), `${log} (build with scripts/build.mjs)`).toBe(true);
    const warnings = fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => WARNING_LINE.test(line));
    expect(warnings).toEqual([]);
  });
});

describe.skipIf(!chromiumAvailable())("Chromium and the pages' Permissions-Policy", () => {
  let browser: Browser;
  /** A page sent with this Permissions-Policy. */
  let server: http.Server;
  const policies = new Map<string, string>();
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html', 'permissions-policy': policies.get(request.url ?? '') ?? '' });
      response.end('<!doctype html><title>Policy</title><p>A page.');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  /** What Chromium's console says about the header on a page sent with `policy`. */
  const complaints = async (policy: string) => {
    const address = `/${policies.size}`;
    policies.set(address, policy);
    const page = await browser.newPage();
    const said: string[] = [];
    page.on('console', (message) => said.push(message.text()));
    // The header is read as the document commits, before the load the navigation waits for.
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${address}`);
    await page.close();
    return said.filter((text) => text.includes('Permissions-Policy'));
  };

  it('names no feature Chromium does not recognise', async () => {
    // Chromium says so for a feature it does not know, so silence below means something.
    expect(await complaints('camera=(), bluetooth=()')).toEqual([expect.stringContaining("Unrecognized feature: 'bluetooth'")]);
    expect(await complaints(PERMISSIONS_POLICY)).toEqual([]);
  });
});
