/**
 * Kept public API reads and kept pages answered in front of Fastify (cache/public-answers.ts,
 * answerKeptReadsFirst): what goes out over HTTP is what Fastify's hooks send for the same kept
 * answer (inject() never passes the server's own listener, so it answers through them), and what
 * is not kept, or asks for a coding not kept, goes on to Fastify. SQLite only: nothing here depends
 * on the database.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerKeptReadsFirst } from '../../src/server/cache/public-answers';
import { STAFF_COOKIE } from '../../src/shared/stored-session';
import { APP_KEY, sourceBuild, startTestApp, type TestApp } from './harness';

/** Headers of one connection or one moment, not of the answer. */
const TRANSFER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Raw {
  status: number;
  headers: string[][];
  body: Buffer;
}

function over(address: string, url: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${address}${url}`, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const pairs: string[][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
          resolve({
            status: res.statusCode!,
            headers: pairs.filter(([name]) => !TRANSFER.has(name!)),
            body: Buffer.concat(chunks),
          });
        });
      })
      .on('error', reject)
      .end();
  });
}

/** The headers an inject() answer went out with, as `over` lists them. */
const headersOf = (answer: { headers: Record<string, unknown> }) =>
  Object.entries(answer.headers)
    .filter(([name]) => !TRANSFER.has(name))
    .map(([name, value]) => [name, String(value)]);

/**
 * node's listener with only the path in front of Fastify (`first`): what that path does not answer
 * is a 599, never Fastify's answer.
 */
async function frontOnly(first: (request: http.IncomingMessage, response: http.ServerResponse) => boolean) {
  const front = http.createServer((request, response) => {
    if (!first(request, response)) response.writeHead(599).end();
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    address: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => front.close(resolve)),
  };
}

describe('kept public reads answered before Fastify', () => {
  let t: TestApp;
  let address: string;
  const staticDir = sourceBuild();
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });

  beforeAll(async () => {
    t = await startTestApp('sqlite', { staticDir }, { level: 'info', stream: logStream });
    const made = await t.admin('POST', '/cms/api/sliders', { title: 'Kept slider', description: 'x'.repeat(3000), status: 1 });
    expect(made.statusCode).toBe(201);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends what Fastify sends for the same kept answer: each coding, and 304 to a current copy', async () => {
    const url = '/cms/sliders?size=5';
    const first = await over(address, url, { 'app-key': APP_KEY });
    expect(first.status).toBe(200);
    const etag = first.headers.find(([name]) => name === 'etag')![1]!;
    // The first reader of its brotli form gets a quick one, and everyone after the kept one, made once
    // that has gone (cache/http-answer.ts): both ways are compared on the kept one.
    await over(address, url, { 'app-key': APP_KEY, 'accept-encoding': 'br' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br, gzip' },
      { 'accept-encoding': 'gzip' },
      { 'if-none-match': etag },
      { 'if-none-match': `W/${etag}`, 'accept-encoding': 'br' },
    ];
    for (const headers of asked) {
      const sent = await over(address, url, { 'app-key': APP_KEY, ...headers });
      const viaHooks = await t.app.inject({ method: 'GET', url, headers: { 'app-key': APP_KEY, ...headers } });
      expect({ status: sent.status, headers: sent.headers }, JSON.stringify(headers)).toEqual({
        status: viaHooks.statusCode,
        headers: headersOf(viaHooks),
      });
      expect(sent.body.equals(viaHooks.rawPayload), JSON.stringify(headers)).toBe(true);
    }
  });

  it('sends a kept page as Fastify sends it: each coding, HEAD, 304, another host, the sign-in document', async () => {
    const log = t.app.log;
    const first = answerKeptReadsFirst(t.app.ctx, () => log);
    const front = await frontOnly(first);
    // One Host header for every path, as a browser sends one for the site.
    const host = { host: new URL(address).host };
    const cases: [string, Record<string, string>, string?][] = [
      ['/about', {}],
      ['/about', { 'accept-encoding': 'br, gzip' }],
      ['/about', { 'accept-encoding': 'gzip' }],
      ['/about', { 'accept-encoding': 'br' }, 'HEAD'],
      ['/about?utm_source=x', { 'accept-encoding': 'br' }],
      // A host this server is not known by: the page names the site's own origin, both ways.
      ['/about', { host: 'attacker.example' }],
      // One it is known by (its own address): the page names it, with the request's scheme.
      ['/about', { host: `localhost:${t.app.ctx.config.port}` }],
      ['/admin', { 'accept-encoding': 'br' }],
      ['/admin', { 'accept-encoding': 'br', cookie: `${STAFF_COOKIE}=1` }],
    ];
    try {
      for (const [url, headers, method = 'GET'] of cases) {
        const asked = { ...host, ...headers };
        const what = `${method} ${url} ${JSON.stringify(headers)}`;
        expect((await over(address, url, asked)).status, what).toBe(200); // made, then kept
        await new Promise((resolve) => setTimeout(resolve, 20)); // its brotli form for everyone is made
        const etag = String((await t.app.inject({ method: 'GET', url, headers: asked })).headers.etag);
        for (const extra of [{}, { 'if-none-match': etag }] as Record<string, string>[]) {
          const sent = await over(front.address, url, { ...asked, ...extra }, method);
          const viaHooks = await t.app.inject({ method: method as 'GET' | 'HEAD', url, headers: { ...asked, ...extra } });
          expect({ status: sent.status, headers: sent.headers }, what).toEqual({
            status: viaHooks.statusCode,
            headers: headersOf(viaHooks),
          });
          // inject() hands back HEAD's body; node sends none on the wire, whichever path answers.
          expect(sent.body.equals(method === 'HEAD' ? Buffer.alloc(0) : viaHooks.rawPayload), what).toBe(true);
        }
      }
    } finally {
      await front.close();
    }
  });

  it('writes the same log line as Fastify would, with an id of the same sequence', async () => {
    await over(address, '/cms/sliders?size=6', { 'app-key': APP_KEY });
    lines.length = 0;
    await over(address, '/cms/sliders?size=6', { 'app-key': APP_KEY });
    const line = lines.find((entry) => entry.msg === 'request');
    expect(line).toMatchObject({ level: 30, method: 'GET', url: '/cms/sliders?size=6', statusCode: 200 });
    expect(line?.reqId).toMatch(/^req-[0-9a-z]+$/);
    expect(typeof line?.ms).toBe('number');
  });

  it('answers only a kept read, in a coding it keeps; Fastify answers the rest', async () => {
    const log = t.app.log;
    const first = answerKeptReadsFirst(t.app.ctx, () => log);
    const front = await frontOnly(first);
    try {
      const url = '/cms/sliders?size=7';
      expect((await over(front.address, url, { 'app-key': APP_KEY })).status).toBe(599); // not kept yet
      await over(address, url, { 'app-key': APP_KEY }); // kept by Fastify's answer
      expect((await over(front.address, url, { 'app-key': APP_KEY })).status).toBe(200);
      expect((await over(front.address, url, { 'app-key': APP_KEY, 'accept-encoding': 'br' })).status).toBe(200);
      // deflate is not kept: @fastify/compress makes it, so Fastify answers.
      expect((await over(front.address, url, { 'app-key': APP_KEY, 'accept-encoding': 'deflate' })).status).toBe(599);
      const deflated = await over(address, url, { 'app-key': APP_KEY, 'accept-encoding': 'deflate' });
      expect(deflated.headers).toContainEqual(['content-encoding', 'deflate']);
      // No key, another site, a page, the admin API: not a kept public read.
      expect((await over(front.address, url, {})).status).toBe(599);
      expect((await over(front.address, url, { 'app-key': 'other-site' })).status).toBe(599);
      expect((await over(front.address, '/careers', { 'app-key': APP_KEY })).status).toBe(599); // a page not kept yet
      expect((await over(front.address, '/cms/api/sliders', { 'app-key': APP_KEY })).status).toBe(599);
    } finally {
      await front.close();
    }
  });

  it('leaves pages to Fastify behind a trusted proxy, which reads the forwarded host', async () => {
    const log = t.app.log;
    const direct = answerKeptReadsFirst(t.app.ctx, () => log);
    const proxied = answerKeptReadsFirst({ ...t.app.ctx, config: { ...t.app.ctx.config, trustProxy: 1 } }, () => log);
    const answers = await Promise.all(
      [direct, proxied].map(async (first) => {
        const front = await frontOnly(first);
        try {
          const host = { host: new URL(address).host };
          await over(address, '/contact', host); // kept by Fastify's answer
          return (await over(front.address, '/contact', host)).status;
        } finally {
          await front.close();
        }
      }),
    );
    expect(answers).toEqual([200, 599]);
  });
});
