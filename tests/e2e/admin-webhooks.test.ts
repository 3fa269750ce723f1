/**
 * Webhooks in Chromium against the real server: an admin registers a receiver with two chosen
 * events by ticking them; a change of content reaches the receiver (a real HTTP server here) only
 * for those events; the webhook's form shows the signing secret, a failed attempt with the
 * receiver's answer, and Resend sends a delivery again.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture, openFromSidebar, type RunningApp, signedInPage } from './harness';

// The receiver is on this machine: a private address, allowed here as an installation would.
const fixture = e2eFixture(() => ({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } }));
let app: RunningApp;
let receiver: http.Server;
let url: string;
/** The status the receiver answers next (then 200). */
const answers: number[] = [];
const received: { event: string; title: string }[] = [];

beforeAll(async () => {
  app = fixture.app;
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = JSON.parse(body);
      received.push({ event: json.event, title: json.record?.title });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/rebuild`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('webhooks', () => {
  it('registers a receiver with chosen events, tells it about content, and shows the deliveries', async () => {
    const page = await signedInPage(fixture.browser, app);

    await openFromSidebar(page, 'Site', 'Webhooks');
    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByLabel('Name').fill('Static rebuild');
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Created').check();
    await page.getByLabel('Published').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();

    const hooks = await app.api<{ data: { data: { id: number; events: string; secret: string }[] } }>('GET', 'webhooks');
    const hook = hooks.body.data.data[0]!;
    expect(hook.events).toBe('created,published');

    // An update is not among the chosen events; the create is, and the receiver fails it once.
    answers.push(503);
    const post = await app.api<{ data: { id: number } }>('POST', 'posts', { title: 'Told by webhook', status: 1 });
    await app.api('PUT', `posts/${post.body.data.id}`, { title: 'Told by webhook, edited' });

    await page.goto(`${app.baseUrl}/admin/webhooks/form/${hook.id}`);
    await expect.poll(() => page.getByLabel('Signing secret').inputValue()).toBe(hook.secret);
    const deliveries = page.getByRole('table', { name: 'Deliveries' });
    await deliveries.getByText('HTTP 503').waitFor({ timeout: 15_000 });
    expect(received).toEqual([{ event: 'content.created', title: 'Told by webhook' }]);

    // The failed attempt waits for its retry (30 s on); Resend is for deliveries that ended: a
    // delivered one goes out again at once.
    answers.length = 0;
    await app.api('POST', 'posts', { title: 'Second create', status: 1 });
    const delivered = deliveries.getByRole('row').filter({ hasText: 'delivered' }).first();
    await delivered.waitFor({ timeout: 15_000 });
    await delivered.getByRole('button', { name: 'Resend' }).click();
    await page.getByText('The delivery will be sent again in a moment.').waitFor();
    await expect.poll(() => received.filter((r) => r.title === 'Second create').length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => deliveries.getByRole('row').filter({ hasText: 'delivered' }).count(), { timeout: 15_000 }).toBe(2);
  });
});
