/**
 * Analytics belong to the public site (issue 29, finding 4): with the site's Google Analytics,
 * Tag Manager and Pixel ids set, public pages load them, while the back-office, the reset-password
 * page and the offline shell neither name them nor allow their hosts in their policy. Pages are
 * rendered from the app's source, on SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

const VENDORS = /googletagmanager|google-analytics|facebook\.net|\/analytics\.js/;

describe.each(await dialects())('analytics on %s', (dialect) => {
  let t: TestApp;
  const staticDir = sourceBuild();
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    const put = await t.admin('PUT', '/cms/api/applications/demo', {
      google_analytics_id: 'G-TEST123',
      google_tag_manager_id: 'GTM-TEST',
      facebook_pixels_id: '1234567890',
    });
    expect(put.statusCode, put.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('loads them on public pages', async () => {
    for (const url of ['/', '/about', '/contact']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
      expect(res.body, url).toContain('src="/analytics.js"');
    }
  });

  it('never in the back-office, on a reset link or in the offline shell, nor in their policy', async () => {
    for (const url of ['/admin', '/admin/dashboard', '/admin/reset-password', '/app-shell']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(
        scripts.filter((tag) => VENDORS.test(tag)),
        url,
      ).toEqual([]);
      const policy = String(res.headers['content-security-policy']);
      expect(policy, url).not.toMatch(/googletagmanager|google-analytics|facebook/);
      expect(policy, url).toContain("script-src 'self'");
    }
  });
});
