/** The HTML the server answers for public URLs: head tags per page/post, 404s, sitemap, robots. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('SEO on %s', (dialect) => {
  let t: TestApp;
  const staticDir = sourceBuild();
  const html = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    await t.admin('POST', '/cms/api/pages', {
      title: 'About "Us"',
      slug: 'about-us',
      meta_description: 'Who we are & what we do',
      banner_img: '/uploads/banner.webp',
    });
    await t.admin('POST', '/cms/api/posts', { title: 'Big <news>', slug: 'big-news', content: '<p>We opened a branch.</p>' });
    await t.admin('POST', '/cms/api/pages', { title: 'Draft', slug: 'draft', status: 0 });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('gives a page its title, description, canonical link, Open Graph and Twitter tags, escaped', async () => {
    const res = await html('/about-us');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('frame-src https://www.youtube.com');
    const body = res.body;
    expect(body).toContain('<title>About &quot;Us&quot; · ');
    expect(body).toContain('<meta name="description" content="Who we are &amp; what we do"/>');
    expect(body).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/about-us"\/>/);
    // The share image: the upload's 1200 × 630 frame, cut around its focal point.
    expect(body).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/uploads\/_r\/1200x630\/banner.webp.webp"\/>/);
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(body).toContain('"appKey":"demo"'.replace(/"/g, '&quot;'));
    expect(body.match(/<title>/g)).toHaveLength(1);
  });

  it('describes a news post from its content', async () => {
    const res = await html('/news/big-news');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Big &lt;news&gt; · ');
    expect(res.body).toContain('<meta name="description" content="We opened a branch."/>');
    expect(res.body).toContain('<meta property="og:type" content="article"/>');
  });

  it.each(['/no-such-page', '/draft', '/news/no-such-post', '/a/b/c', '/about-us/more', '/news/big-news/more'])(
    'answers %s with status 404 and the SPA',
    async (url) => {
      const res = await html(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('Page Not Found');
      expect(res.body).toContain('noindex');
    },
  );

  it('sends /index.html home, and names the assets of a rebuild without a restart', async () => {
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.statusCode).toBe(301);
    expect(raw.headers.location).toBe('/');
    expect((await html('/')).body).toContain('data-entry="/assets/islands-1.js"');
    const file = path.join(staticDir, '.vite', 'manifest.json');
    const manifest = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, manifest.replaceAll('islands-1', 'islands-2'));
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      await expect.poll(async () => (await html('/')).body, { timeout: 5_000 }).toContain('data-entry="/assets/islands-2.js"');
    } finally {
      fs.writeFileSync(file, manifest);
    }
  });

  it('answers unknown API paths with JSON 404, not the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cms/nothing-here', headers: { 'app-key': 'demo' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });

  it('lists the home, active pages and posts in sitemap.xml, and robots.txt points to it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toMatch(/<loc>https?:\/\/[^<]+\/<\/loc>/);
    expect(sitemap.body).toContain('/about-us</loc>');
    expect(sitemap.body).toContain('/news/big-news</loc>');
    expect(sitemap.body).not.toContain('/draft<');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toMatch(/Sitemap: https?:\/\/\S+\/sitemap.xml/);
    expect(robots.body).toContain('Disallow: /admin');
  });

  it('adds verification, analytics and JSON-LD from the site settings without inline script', async () => {
    const put = await t.admin('PUT', '/cms/api/applications/demo', {
      google_site_verification: 'verify-123',
      google_analytics_id: 'G-TEST123',
      facebook_pixels_id: '123456',
      meta_schema: '{"@context":"https://schema.org","@type":"Organization","name":"</script><script>alert(1)</script>"}',
    });
    expect(put.statusCode, put.body).toBe(200);
    // Read by any visitor, right after the change: the page made after it.
    const body = (await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).body;
    expect(body).toContain('<meta name="google-site-verification" content="verify-123"/>');
    expect(body).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"');
    expect(body).toContain('<script defer="" src="/analytics.js"></script>');
    expect(body).toContain('<script type="application/ld+json">{"@context":"https://schema.org"');
    expect(body).not.toContain('</script><script>alert(1)');
    const js = await t.app.inject({ method: 'GET', url: '/analytics.js' });
    expect(js.body).toContain('"ga":"G-TEST123"');
    expect(js.body).toContain('"pixel":"123456"');
  });
});
