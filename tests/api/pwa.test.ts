/** The web app manifest the server writes from the site's settings, and the link to it in every page. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortName } from '../../src/server/pwa/manifest';
import { APP_KEY, dialects, sourceBuild, startTestApp, type TestApp } from './harness';

describe('shortName', () => {
  it.each([
    ['Meridian', 'Meridian'],
    ['Meridian Systems & Microfinance', 'Meridian'],
    ['Red Cross Society', 'Red Cross'],
    ['Supercalifragilistic Ltd', 'Supercalifra'],
  ])('%s → %s', (name, expected) => {
    expect(shortName(name)).toBe(expected);
  });
});

describe.each(await dialects())('web app manifest on %s', (dialect) => {
  let t: TestApp;
  const staticDir = sourceBuild();
  const manifest = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    return { res, body: res.json() };
  };
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('is served as a manifest with what installation needs', async () => {
    const { res, body } = await manifest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(body).toMatchObject({
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b5394',
      background_color: '#ffffff',
    });
    expect(body.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' }),
        expect.objectContaining({ src: '/icons/maskable-512.png', sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect(body.screenshots.map((s: { form_factor: string; sizes: string }) => [s.form_factor, s.sizes])).toEqual([
      ['wide', '1280x720'],
      ['narrow', '390x844'],
    ]);
  });

  it('names the app after the site, and follows renames', async () => {
    const settings = await t.admin('GET', `/cms/api/applications/${APP_KEY}`);
    const site = settings.json().data;
    expect((await manifest()).body.name).toBe(site.name);

    const renamed = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, {
      name: 'Harbour Community Trust',
      meta_description: 'Services for the harbour district.',
      icon: '/uploads/logo.svg',
    });
    expect(renamed.statusCode).toBe(200);
    const { body } = await manifest();
    expect(body).toMatchObject({
      name: 'Harbour Community Trust',
      short_name: 'Harbour',
      description: 'Services for the harbour district.',
    });
    expect(body.icons).toContainEqual({ src: '/uploads/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
  });

  it('is linked from the head of every page', async () => {
    for (const url of ['/', '/contact', '/admin']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    }
  });

  it('the files it names ship with the build', () => {
    for (const file of [
      'icons/icon-192.png',
      'icons/icon-512.png',
      'icons/maskable-512.png',
      'screenshots/home-wide.png',
      'screenshots/home-narrow.png',
    ]) {
      expect(fs.existsSync(path.join('public', file)), file).toBe(true);
    }
  });
});
