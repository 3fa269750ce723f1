/**
 * Webhooks against a real receiver on 127.0.0.1: signed JSON POSTs for each content event the
 * webhook chose, retries with backoff when the receiver fails, the delivery log and Resend, and a
 * queue in the database that survives a restart and is sent once by two servers sharing it.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPrivateAddress } from '../../src/server/webhooks/target-address';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/bootstrap';
import { dialects, startTestApp, type TestApp } from './harness';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { event: string; site: string; entity: string; id: number; at: string; record: Record<string, unknown> | null };
}

/** A receiver that records every POST and answers with the next queued status (200 when none). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { received, answers, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls until `check` holds (the sender works in the background); fails with what it last saw. */
async function until<T>(read: () => Promise<T> | T, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last saw ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
    value = await read();
  }
  return value;
}

const FAST = { retryBaseMs: 40, pollMs: 40, timeoutMs: 2_000, maxAttempts: 3, allowPrivate: true };

describe.each(await dialects())('webhooks on %s', (dialect) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let hook: { id: number; secret: string };

  beforeAll(async () => {
    t = await startTestApp(dialect, { webhookDelivery: FAST });
    receiver = await startReceiver();
    const res = await t.admin('POST', '/cms/api/webhooks', { name: 'Static rebuild', url: receiver.url, status: 1 });
    expect(res.statusCode, res.body).toBe(201);
    hook = res.json().data;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  const deliveries = async (id = hook.id) =>
    (await t.admin('GET', `/cms/api/webhooks/${id}/deliveries?size=100`)).json().data.data as Record<string, unknown>[];

  it('gives each webhook a signing secret made by the server', () => {
    expect(hook.secret).toMatch(/^whsec_[\w-]{32}$/);
  });

  it('posts a signed JSON body for a create, and logs it as delivered', async () => {
    const post = (await t.admin('POST', '/cms/api/posts', { title: 'Webhook news', status: 1 })).json().data;
    const [got] = await until(
      () => receiver.received,
      (r) => r.length === 1,
      'the create',
    );
    expect(got!.headers['x-orgsite-event']).toBe('content.created');
    expect(got!.headers['content-type']).toBe('application/json');
    const expected = `sha256=${createHmac('sha256', hook.secret).update(got!.body).digest('hex')}`;
    expect(got!.headers['x-orgsite-signature-256']).toBe(expected);
    expect(got!.json).toMatchObject({ event: 'content.created', site: 'demo', entity: 'posts', id: post.id });
    expect(got!.json.record).toMatchObject({ title: 'Webhook news', status: 1 });

    const [logged] = await until(deliveries, (d) => d[0]?.status === 'delivered', 'the log');
    expect(logged).toMatchObject({
      event: 'content.created',
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      error: null,
    });
    expect(String(logged!.id)).toBe(got!.headers['x-orgsite-delivery']);
  });

  it('tells updates, deletes, restores and publishing, in order', async () => {
    const post = (await t.admin('POST', '/cms/api/posts', { title: 'Lifecycle', status: 1 })).json().data;
    await t.admin('PUT', `/cms/api/posts/${post.id}`, { title: 'Lifecycle, edited' });
    await t.admin('PUT', `/cms/api/posts/${post.id}/draft`, { title: 'Lifecycle, drafted' });
    await t.admin('POST', `/cms/api/posts/${post.id}/publish`);
    await t.admin('DELETE', `/cms/api/posts/${post.id}`);
    await t.admin('POST', `/cms/api/posts/${post.id}/restore`);
    await t.admin('DELETE', `/cms/api/posts/${post.id}?permanent=1`);
    const got = await until(
      () => receiver.received,
      (r) => r.length === 7,
      'seven events',
    );
    expect(got.map((r) => r.json.event)).toEqual([
      'content.created',
      'content.updated',
      'content.updated',
      'content.published',
      'content.deleted',
      'content.restored',
      'content.deleted',
    ]);
    expect(got[3]!.json.record).toMatchObject({ title: 'Lifecycle, drafted' });
    expect(got[4]!.json.record).toMatchObject({ deleted_at: expect.any(String) });
    expect(got[6]!.json.record).toBeNull(); // erased for good
  });

  it('sends only the events a webhook chose, and nothing for an inactive one', async () => {
    const onlyPublished = (
      await t.admin('POST', '/cms/api/webhooks', { name: 'Publish only', url: receiver.url, events: 'published', status: 1 })
    ).json().data;
    const off = (await t.admin('POST', '/cms/api/webhooks', { name: 'Off', url: receiver.url, status: 0 })).json().data;
    const page = (await t.admin('POST', '/cms/api/pages', { title: 'Chosen events', status: 1 })).json().data;
    await t.admin('PUT', `/cms/api/pages/${page.id}/draft`, { title: 'Chosen events, new' });
    await t.admin('POST', `/cms/api/pages/${page.id}/publish`);
    // The first webhook hears all three; "Publish only" just the publish; "Off" nothing.
    await until(
      () => receiver.received,
      (r) => r.length === 4,
      'four deliveries',
    );
    expect((await deliveries(onlyPublished.id)).map((d) => d.event)).toEqual(['content.published']);
    expect(await deliveries(off.id)).toEqual([]);
    await t.admin('DELETE', `/cms/api/webhooks/${onlyPublished.id}?permanent=1`);
    await t.admin('DELETE', `/cms/api/webhooks/${off.id}?permanent=1`);
  });

  it('retries a failing receiver with backoff until it answers', async () => {
    receiver.answers.push(503, 503);
    await t.admin('POST', '/cms/api/faqs', { faq_title: 'Retried', status: 1 });
    await until(
      () => receiver.received,
      (r) => r.length === 3,
      'three attempts',
    );
    const [logged] = await until(deliveries, (d) => d[0]?.status === 'delivered', 'the delivery');
    expect(logged).toMatchObject({ status: 'delivered', attempts: 3, response_status: 200 });
    // The same delivery each time: its id does not change between attempts.
    expect(new Set(receiver.received.map((r) => r.headers['x-orgsite-delivery'])).size).toBe(1);
  });

  it('marks a delivery failed after the last attempt, with the reason, and Resend sends it again', async () => {
    receiver.answers.push(500, 500, 500);
    await t.admin('POST', '/cms/api/faqs', { faq_title: 'Given up', status: 1 });
    const [failed] = await until(deliveries, (d) => d[0]?.status === 'failed', 'the failure');
    expect(failed).toMatchObject({ attempts: 3, response_status: 500, error: 'HTTP 500' });

    const resent = await t.admin('POST', `/cms/api/webhooks/${hook.id}/deliveries/${failed!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    const [again, earlier] = await until(deliveries, (d) => d[0]?.status === 'delivered', 'the resend');
    expect(again!.id).toBe(resent.json().data.id);
    expect(again!.payload).toBe(failed!.payload);
    expect(earlier).toMatchObject({ id: failed!.id, status: 'failed' }); // the log keeps what happened
    expect(receiver.received.at(-1)!.body).toBe(failed!.payload);

    expect((await t.admin('POST', `/cms/api/webhooks/${hook.id}/deliveries/999999/resend`)).statusCode).toBe(404);
  });

  it('records why an unreachable receiver was not reached', async () => {
    const closed = await startReceiver();
    await closed.close(); // nothing listens on its port any more
    const gone = (await t.admin('POST', '/cms/api/webhooks', { name: 'Gone', url: closed.url, status: 1 })).json().data;
    await t.admin('POST', '/cms/api/careers', { title: 'Unreachable', status: 1 });
    const [failed] = await until(
      () => deliveries(gone.id),
      (d) => d[0]?.status === 'failed',
      'the failure',
    );
    expect(failed!.response_status).toBeNull();
    expect(String(failed!.error)).toBe('Could not connect: ECONNREFUSED');
    await t.admin('DELETE', `/cms/api/webhooks/${gone.id}?permanent=1`);
  });

  it('refuses a webhook without a full http(s) URL or with unknown events, naming the field, and never takes a secret of its own', async () => {
    const relative = await t.admin('POST', '/cms/api/webhooks', { name: 'Bad', url: '/hook' });
    expect(relative.statusCode).toBe(400);
    expect(relative.json().errors.url).toMatch(/http:\/\/ or https:\/\//);
    const events = await t.admin('POST', '/cms/api/webhooks', { name: 'Bad', url: receiver.url, events: 'created,exploded' });
    expect(events.statusCode).toBe(400);
    expect(events.json().errors.events).toMatch(/comma-separated list of: created, updated/);
    // The server makes the secret: one sent along (a record read and sent back whole) is ignored.
    const secret = await t.admin('POST', '/cms/api/webhooks', { name: 'Own secret', url: receiver.url, secret: 'mine' });
    expect(secret.statusCode).toBe(201);
    expect(secret.json().data.secret).not.toBe('mine');
    expect(secret.json().data.secret).toMatch(/^whsec_[\w-]{20,}$/);
    await t.admin('DELETE', `/cms/api/webhooks/${secret.json().data.id}?permanent=1`);
  });

  it('keeps the queue in the database: sent after a restart, and once by two servers sharing it', async () => {
    // No sender runs while the writes are queued (the server is "down" for webhooks).
    await t.app.ctx.webhooks.stop();
    for (let i = 0; i < 12; i++) await t.admin('POST', '/cms/api/gallery', { title: `Queued ${i}`, status: 1 });
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.received).toHaveLength(0);
    const pending = (await deliveries()).filter((d) => d.status === 'pending');
    expect(pending).toHaveLength(12);

    // A second server on the same database, and the first one back: both work the queue at once.
    const { app: second } = await createServer({ ...t.config, seedDemo: false }, { logger: false });
    try {
      await second.ready();
      t.app.ctx.webhooks.start();
      await until(deliveries, (d) => d.filter((x) => x.status === 'pending').length === 0, 'an empty queue');
      const ids = receiver.received.map((r) => r.headers['x-orgsite-delivery']);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect(new Set(ids)).toEqual(new Set(pending.map((d) => String(d.id))));
    } finally {
      await second.close();
    }
  });
});

describe.each(await dialects())('webhook targets on %s', (dialect) => {
  it('refuses loopback and private receivers, by address or by a name resolving to one, and reaches them nothing', async () => {
    const t = await startTestApp(dialect, { webhookDelivery: { ...FAST, allowPrivate: false } });
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      // The receiver by name, as an IPv4-mapped address, and through NAT64 and 6to4 (issue 53, L6).
      const targets = [
        receiver.url,
        `http://localhost:${port}/hook`,
        `http://[::ffff:127.0.0.1]:${port}/hook`,
        `http://[64:ff9b::127.0.0.1]:${port}/hook`,
        `http://[2002:7f00:1::1]:${port}/hook`,
      ];
      const hooks: number[] = [];
      for (const [i, url] of targets.entries()) {
        const made = await t.admin('POST', '/cms/api/webhooks', { name: `Private ${i}`, url, status: 1 });
        expect(made.statusCode, made.body).toBe(201);
        hooks.push(made.json().data.id as number);
      }
      await t.admin('POST', '/cms/api/faqs', { faq_title: 'Not for the inside', status: 1 });
      for (const id of hooks) {
        const [failed] = await until(
          async () =>
            (await t.admin('GET', `/cms/api/webhooks/${id}/deliveries`)).json().data.data as { status: string; error: string }[],
          (d) => d[0]?.status === 'failed',
          'the refusal',
        );
        expect(failed!.error).toMatch(/^Refused: .* is a private or local address \(set WEBHOOKS_ALLOW_PRIVATE=true/);
      }
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
      await t.close();
    }
  });
});

describe('private addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:10.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
  ])('%s is private: %s', (address, expected) => expect(isPrivateAddress(address)).toBe(expected));
});
