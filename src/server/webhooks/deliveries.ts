/**
 * Webhook deliveries: queued in the database when content changes, sent by whichever instance
 * claims them first, retried with growing waits, and kept as the delivery log the admin shows.
 *
 * Each delivery is a JSON POST with
 * - `X-Orgsite-Event` (`content.updated` …) and `X-Orgsite-Delivery` (its id, the same on retries);
 * - `X-Orgsite-Signature-256: sha256=<hex>`, the HMAC-SHA256 of the exact body with the webhook's
 *   secret, so a receiver can check it came from this site.
 * Any 2xx answer is a delivery; anything else (or no answer within the timeout) is retried, up
 * to `maxAttempts`, after which the delivery is marked failed and waits for a person to resend it.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { WebhookEvent } from '../../shared/entities';
import { type DB, now } from '../db/database';
import { isPrivateAddress, PrivateTargetError, publicOnlyLookup } from './target-address';

export interface DeliveryOptions {
  /** Wait before the first retry; each later one waits four times longer. */
  retryBaseMs: number;
  maxAttempts: number;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** How often the queue is looked at besides right after a write. */
  pollMs: number;
  /** Deliver to loopback and private addresses too (WEBHOOKS_ALLOW_PRIVATE); refused otherwise. */
  allowPrivate?: boolean;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = {
  retryBaseMs: 30_000,
  maxAttempts: 6,
  timeoutMs: 10_000,
  pollMs: 5_000,
};

/** Deliveries older than this leave the log. */
const KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ContentChange {
  appKey: string;
  event: WebhookEvent;
  entity: string;
  id: number | null;
  /** The record as it is now (as it was, for a delete); null when it is gone. */
  record: unknown;
}

export const signature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

export class WebhookDeliveries {
  /** Set while the sender runs (between start and stop). */
  private timer: NodeJS.Timeout | undefined;
  /** The queue run in progress, if any; a kick during it runs the queue once more afterwards. */
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = new AbortController();

  /** Where a failure of the queue itself is told (the server's log, once it runs). */
  onError: (error: unknown, message: string) => void = () => {};

  constructor(
    private readonly db: DB,
    private readonly options: DeliveryOptions = DEFAULT_DELIVERY_OPTIONS,
  ) {}

  /** Queues one delivery to every active webhook of the site that listens to the change's event. */
  async enqueue(change: ContentChange): Promise<number> {
    const hooks = await this.db
      .selectFrom('webhooks')
      .select(['id', 'events'])
      .where('app_key', '=', change.appKey)
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .execute();
    const listening = hooks.filter((hook) => !hook.events || hook.events.split(',').includes(change.event));
    if (listening.length === 0) return 0;
    const at = now();
    const payload = JSON.stringify({
      event: `content.${change.event}`,
      site: change.appKey,
      entity: change.entity,
      id: change.id,
      at,
      record: change.record,
    });
    await this.db
      .insertInto('webhook_deliveries')
      .values(
        listening.map((hook) => ({
          webhook_id: hook.id,
          app_key: change.appKey,
          event: `content.${change.event}`,
          payload,
          status: 'pending' as const,
          next_attempt_at: at,
          created_at: at,
        })),
      )
      .execute();
    void this.kick();
    return listening.length;
  }

  /** Queues the same body again as a new delivery (the log keeps the earlier one). */
  async resend(webhookId: number, deliveryId: number): Promise<number | undefined> {
    const earlier = await this.db
      .selectFrom('webhook_deliveries')
      .select(['app_key', 'event', 'payload'])
      .where('id', '=', deliveryId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    if (!earlier) return undefined;
    const at = now();
    const { id } = await this.db
      .insertInto('webhook_deliveries')
      .values({ ...earlier, webhook_id: webhookId, status: 'pending', next_attempt_at: at, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    void this.kick();
    return id;
  }

  /** Sends from now on; until then (and in the command-line tool) deliveries only wait in the queue. */
  start(): void {
    this.stopping = new AbortController();
    this.timer = setInterval(() => this.kick(), this.options.pollMs).unref();
    void this.kick();
  }

  /**
   * Stops sending; a request on its way is cut short and its delivery left claimed, so another
   * instance (or this one after a restart) sends it once the claim runs out.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    this.stopping.abort();
    await this.running;
  }

  /** Sends what is due now, soon; answers when that run is over. */
  kick(): Promise<void> {
    if (!this.timer) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.sendDue().catch((error: unknown) => this.onError(error, 'Sending webhooks failed'));
      } while (this.again);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const at = now();
      const due = await this.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
        .orderBy('id')
        .limit(20)
        .execute();
      if (due.length === 0 || this.stopping.signal.aborted) break;
      let sent = 0;
      for (const { id } of due) {
        if (this.stopping.signal.aborted) return;
        if (await this.claim(id)) sent += await this.send(id);
      }
      if (sent === 0) break; // another instance took them all
    }
  }

  /** Forgets deliveries older than a month (the upkeep, once a period on one instance). */
  async prune(at = Date.now()): Promise<void> {
    const cutoff = new Date(at - KEEP_DAYS * DAY_MS).toISOString();
    await this.db.deleteFrom('webhook_deliveries').where('status', '!=', 'pending').where('created_at', '<', cutoff).execute();
  }

  /** Takes a delivery for this instance: one conditional update, so only one instance wins it. */
  private async claim(id: number): Promise<boolean> {
    const at = now();
    const result = await this.db
      .updateTable('webhook_deliveries')
      .set({ locked_until: later(this.options.timeoutMs * 3) })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async send(id: number): Promise<number> {
    const delivery = await this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select([
        'webhook_deliveries.event',
        'webhook_deliveries.payload',
        'webhook_deliveries.attempts',
        'webhooks.url',
        'webhooks.secret',
        'webhooks.deleted_at',
      ])
      .where('webhook_deliveries.id', '=', id)
      .executeTakeFirst();
    if (!delivery) return 0;
    const attempts = delivery.attempts + 1;
    let outcome: { status: number | null; error: string | null };
    if (delivery.deleted_at) {
      outcome = { status: null, error: 'The webhook is in the Trash' };
    } else {
      outcome = await this.post(delivery.url, delivery.secret ?? '', delivery.event, id, delivery.payload);
      if (this.stopping.signal.aborted) return 0;
    }
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const givingUp = !delivered && (attempts >= this.options.maxAttempts || Boolean(delivery.deleted_at));
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        attempts,
        status: delivered ? 'delivered' : givingUp ? 'failed' : 'pending',
        response_status: outcome.status,
        error: outcome.error,
        delivered_at: delivered ? now() : null,
        next_attempt_at: delivered || givingUp ? now() : later(this.options.retryBaseMs * 4 ** (attempts - 1)),
        locked_until: null,
      })
      .where('id', '=', id)
      .execute();
    return 1;
  }

  /**
   * One POST. The receiver's own words are not kept: its status says whether it took the
   * delivery, and what it wrote back is no one's business here (nor a way to read a private page).
   */
  private async post(url: string, secret: string, event: string, id: number, body: string) {
    const signal = AbortSignal.any([AbortSignal.timeout(this.options.timeoutMs), this.stopping.signal]);
    try {
      const target = new URL(url);
      const literal = target.hostname.replace(/^\[|\]$/g, '');
      if (!this.options.allowPrivate && isPrivateAddress(literal)) throw new PrivateTargetError(literal);
      const status = await new Promise<number>((resolve, reject) => {
        const request = (target.protocol === 'https:' ? https : http).request(
          target,
          {
            method: 'POST',
            signal,
            // Every name is resolved through here, so the address connected to is the one checked.
            ...(this.options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'orgsite-webhooks',
              'x-orgsite-event': event,
              'x-orgsite-delivery': String(id),
              'x-orgsite-signature-256': signature(secret, body),
            },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
      const ok = status >= 200 && status < 300;
      return { status, error: ok ? null : `HTTP ${status}` };
    } catch (error) {
      const message =
        (error as Error).name === 'TimeoutError' || signal.aborted
          ? `No answer within ${this.options.timeoutMs / 1000} s`
          : error instanceof PrivateTargetError
            ? error.message
            : `Could not connect: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
      return { status: null, error: message };
    }
  }
}
