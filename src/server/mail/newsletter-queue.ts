/**
 * Newsletters on their way out (issue 59): queued in the database, one row per recipient, and sent
 * through the SMTP server in `SMTP_URL` by whichever instance claims each row.
 *
 * - **Queueing** freezes the issue: its text is made once per language (newsletter-mail.ts) and
 *   kept (`newsletter_copies`), and the confirmed subscribers of that moment are its recipients.
 *   One transaction moves the issue from draft to sending and queues them, so an issue is queued
 *   once, by one instance, whether by a person's Send or by its Send at time.
 * - **Sending** is once per recipient, across crashes, `kill -9` and several instances. A row is
 *   taken with a token (`claim`) for a while (`leaseMs`). Its mail goes over SMTP up to the last
 *   line of its data; the row is then marked sent, only if the token still holds it; only then is
 *   the data ended (the `.` line) and the server asked to take it. A sender that dies before its
 *   mark leaves the server with an unfinished message, which SMTP discards (RFC 5321 §4.1.1.4),
 *   and the row to be taken again when its lease ends; one that dies after it has sent the `.`
 *   or has it on its way. A holder whose lease ran out while it waited loses its mark and ends
 *   nothing, so the row's next holder is the one that sends it.
 * - A temporary refusal (4xx) is tried again later, each wait four times the one before; a
 *   permanent one (5xx) for the address marks the subscriber `refused`, mailed nothing more.
 * - The pace is `rate` mails a second for each instance: what the SMTP provider allows.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import { type DB, now } from '../db/database';
import type { NewsletterCopiesTable, Tables } from '../db/schema';
import type { AppContext } from '../plugins/context';
import type { Row } from '../content/repository';
import { siteLocales } from '../content/translations';
import { toSubscriber } from './subscriber-mail';
import { makeNewsletter } from './newsletter-mail';
import { HttpError, notFound } from '../errors';
import { mailOff } from './mailer';
import { dateTimeOf } from '../../shared/date-time';
import { DEFAULT_NEWSLETTER_OPTIONS, type NewsletterOptions } from './newsletter-options';

/**
 * Who a site's newsletters go to: its confirmed, active subscribers; never one pending, gone,
 * refused by their mail server, or in the Trash. Asked when an issue is queued, again before each
 * mail, and for the preview's count.
 */
export const mailable = (appKey: string) => (eb: ExpressionBuilder<Tables, 'subscribers'>) =>
  eb.and([eb('app_key', '=', appKey), eb('confirmation', '=', 'confirmed'), eb('status', '=', 1), eb('deleted_at', 'is', null)]);

/** Rows taken at once: few enough to be sent well within the lease at the slowest pace. */
const BATCH = 20;

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An SMTP answer's code, from nodemailer's error, or none (no answer: the link failed). */
const responseCode = (error: unknown) => (error as { responseCode?: number }).responseCode;

interface Claimed {
  id: number;
  newsletter_id: number;
  app_key: string;
  subscriber_id: number;
  email: string;
  locale: string;
  attempts: number;
}

export class NewsletterQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopping = new AbortController();
  private connection: SMTPConnection | undefined;
  private lastSentAt = 0;

  /** Where a failure of the queue itself is told (the server's log, once it runs). */
  onError: (error: unknown, message: string) => void = () => {};

  constructor(
    private readonly ctx: AppContext,
    private readonly options: NewsletterOptions = DEFAULT_NEWSLETTER_OPTIONS,
  ) {}

  private get db(): DB {
    return this.ctx.database.db;
  }

  /**
   * Freezes the issue and queues one row per confirmed subscriber of its site; answers how many.
   * A 409 when it was queued before (by anyone, on any instance) or the server sends no mail.
   */
  async queue(appKey: string, newsletterId: number): Promise<number> {
    if (!this.ctx.mailer.configured) throw mailOff();
    const newsletter = await this.ctx.services.newsletters.repo.get(appKey, newsletterId, 'any');
    if (!newsletter) throw notFound('Newsletter');
    if (newsletter.delivery !== 'draft') throw new HttpError(409, 'This newsletter has been sent already');
    const site = await this.ctx.services.applications.repo.findBy(null, 'app_key', appKey);
    const locales = siteLocales(site);
    const origin = this.ctx.origin.configured;
    // Stamped before the issue is made: a digest's posts run up to this time, and the next digest's from it.
    const at = now();
    // Made before the transaction: making reads through the database, which SQLite's one
    // connection would hold for the transaction.
    const copies: NewsletterCopiesTable[] = [];
    for (const locale of locales) {
      const content = await makeNewsletter(this.ctx, appKey, newsletter as Row, locales.length > 1 ? locale : undefined, origin);
      copies.push({ newsletter_id: newsletterId, app_key: appKey, locale, ...content });
    }
    const queued = await this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('newsletters')
        // A new version: a form or a cached read of the issue learns that it went (its ETag is the version).
        .set((eb) => ({ delivery: 'sending', queued_at: at, updated_at: at, version: eb('version', '+', 1) }))
        .where('id', '=', newsletterId)
        .where('app_key', '=', appKey)
        .where('delivery', '=', 'draft')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return undefined;
      await trx.insertInto('newsletter_copies').values(copies).execute();
      // A subscriber's language if the site has it, else the site's default one.
      const language = sql<string>`case when ${sql.ref('locale')} in (${sql.join(locales)}) then ${sql.ref('locale')} else ${locales[0]!} end`;
      const inserted = await trx
        .insertInto('newsletter_sends')
        .columns(['newsletter_id', 'app_key', 'subscriber_id', 'email', 'locale', 'status', 'next_attempt_at', 'created_at'])
        .expression(
          trx
            .selectFrom('subscribers')
            .select([
              sql.lit(newsletterId).as('newsletter_id'),
              sql.lit(appKey).as('app_key'),
              'id',
              'email',
              language.as('locale'),
              sql.lit('pending').as('status'),
              sql.lit(at).as('next_attempt_at'),
              sql.lit(at).as('created_at'),
            ])
            .where(mailable(appKey)),
        )
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0);
    });
    if (queued === undefined) throw new HttpError(409, 'This newsletter has been sent already');
    // Nobody to send to: it is sent as soon as it is queued.
    await this.finishSent();
    void this.kick();
    return queued;
  }

  /** Queues each active issue whose Send at time has come (on whichever instance looks first). */
  async queueDue(): Promise<void> {
    const due = await this.db
      .selectFrom('newsletters')
      .select(['id', 'app_key'])
      .where('delivery', '=', 'draft')
      .where('status', '=', 1)
      .where('deleted_at', 'is', null)
      .where('send_at', 'is not', null)
      .where('send_at', '<=', dateTimeOf(Date.now()))
      .execute();
    for (const { id, app_key } of due) {
      await this.queue(app_key, id).catch((error: unknown) => {
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      });
    }
  }

  /** Sends from now on; until then (and in the command-line tool) the queue only waits. */
  start(): void {
    this.stopping = new AbortController();
    this.timer = setInterval(() => void this.kick(), this.options.pollMs).unref();
    void this.kick();
  }

  /** Stops sending; a mail on its way is cut short before its end, so the server drops it. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    this.stopping.abort();
    this.connection?.close();
    await this.running;
    this.connection = undefined;
  }

  /** Queues what is due and sends what is queued, soon; answers when that run is over. */
  kick(): Promise<void> {
    if (!this.timer) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.queueDue().catch((error: unknown) => this.onError(error, 'Queueing a scheduled newsletter failed'));
        await this.sendQueued().catch((error: unknown) => this.onError(error, 'Sending newsletters failed'));
      } while (this.again && !this.stopping.signal.aborted);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sendQueued(): Promise<void> {
    if (!this.ctx.mailer.configured) return;
    for (;;) {
      if (this.stopping.signal.aborted) return;
      const { token, rows } = await this.claim();
      if (rows.length === 0) break;
      for (const row of rows) {
        if (this.stopping.signal.aborted) return;
        await this.pace();
        await this.sendOne(row, token);
      }
      await this.finishSent();
    }
  }

  /** Takes up to BATCH due rows for this instance in one conditional update. */
  private async claim(): Promise<{ token: string; rows: Claimed[] }> {
    const token = randomUUID();
    const at = now();
    const free = (eb: ExpressionBuilder<Tables, 'newsletter_sends'>) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]);
    const rows = await this.db
      .updateTable('newsletter_sends')
      .set({ claim: token, locked_until: later(this.options.leaseMs) })
      .where(
        'id',
        'in',
        this.db
          .selectFrom('newsletter_sends')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', at)
          .where(free)
          .orderBy('id')
          .limit(BATCH),
      )
      .where('status', '=', 'pending')
      .where(free)
      .returning(['id', 'newsletter_id', 'app_key', 'subscriber_id', 'email', 'locale', 'attempts'])
      .execute();
    return { token, rows: rows.sort((a, b) => a.id - b.id) };
  }

  /** Waits so that this instance sends no more than `rate` mails a second. */
  private async pace(): Promise<void> {
    const wait = this.lastSentAt + 1000 / this.options.rate - Date.now();
    if (wait > 0) await sleep(wait);
    this.lastSentAt = Date.now();
  }

  private async sendOne(row: Claimed, token: string): Promise<void> {
    const subscriber = await this.db
      .selectFrom('subscribers')
      .select(['id', 'app_key', 'email'])
      .where('id', '=', row.subscriber_id)
      .where(mailable(row.app_key))
      .executeTakeFirst();
    // Left, refused or erased since the issue was queued: nothing more goes to them.
    if (!subscriber) {
      await this.settle(row, token, { status: 'skipped', error: null });
      return;
    }
    const copy = await this.db
      .selectFrom('newsletter_copies')
      .select(['subject', 'html', 'text'])
      .where('newsletter_id', '=', row.newsletter_id)
      .where('locale', '=', row.locale)
      .executeTakeFirst();
    if (!copy) {
      await this.settle(row, token, { status: 'failed', error: 'The issue has no text in this language' });
      return;
    }
    const site = await this.ctx.services.applications.repo.findBy(null, 'app_key', row.app_key);
    const locales = siteLocales(site);
    const mail = toSubscriber(
      this.ctx,
      this.ctx.origin.configured,
      { id: subscriber.id, app_key: subscriber.app_key, email: subscriber.email },
      locales.length > 1 ? row.locale : undefined,
      String(site?.name ?? ''),
      copy,
      row.newsletter_id,
    );
    const raw = await new MailComposer({ from: this.ctx.config.mailFrom, ...mail }).compile().build();
    let marked = false;
    try {
      await this.transmit(row.email, raw, async () => {
        marked = await this.markSent(row, token);
        return marked;
      });
    } catch (error) {
      this.connection?.close();
      this.connection = undefined;
      const code = responseCode(error);
      if (code === undefined) {
        // No answer: before the mark, the server dropped the mail and the row waits out its lease;
        // after it, the mail may have been taken, and sending it again could send it twice.
        if (marked || this.stopping.signal.aborted) return;
        throw error;
      }
      const message = (error as Error).message.slice(0, 500);
      if (code >= 500) {
        await this.settle(row, token, { status: 'refused', error: message }, marked);
        await this.ctx.services.subscribers.repo.update(row.app_key, row.subscriber_id, { confirmation: 'refused' });
        return;
      }
      const attempts = row.attempts + 1;
      await this.settle(
        row,
        token,
        attempts >= this.options.maxAttempts
          ? { status: 'failed', error: message }
          : { status: 'pending', error: message, retryInMs: this.options.retryBaseMs * 4 ** (attempts - 1) },
        marked,
      );
    }
  }

  /** The mark that makes a mail sent: only while this instance's token still holds the row. */
  private async markSent(row: Claimed, token: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_sends')
      .set({ status: 'sent', sent_at: now(), attempts: row.attempts + 1, locked_until: null, error: null })
      .where('id', '=', row.id)
      .where('claim', '=', token)
      .where('status', '=', 'pending')
      .where('locked_until', '>', now())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records how a row ended (or when to try it again). After a mark of sent, only a refusal undoes it. */
  private async settle(
    row: Claimed,
    token: string,
    outcome: { status: 'pending' | 'failed' | 'refused' | 'skipped'; error: string | null; retryInMs?: number },
    marked = false,
  ): Promise<void> {
    await this.db
      .updateTable('newsletter_sends')
      .set({
        status: outcome.status,
        error: outcome.error,
        attempts: row.attempts + 1,
        sent_at: null,
        locked_until: null,
        next_attempt_at: outcome.retryInMs ? later(outcome.retryInMs) : now(),
      })
      .where('id', '=', row.id)
      .where('claim', '=', token)
      .where('status', '=', marked ? 'sent' : 'pending')
      .execute();
  }

  /** The issues whose every row has ended are sent. */
  private async finishSent(): Promise<void> {
    await this.db
      .updateTable('newsletters')
      .set((eb) => ({ delivery: 'sent', updated_at: now(), version: eb('version', '+', 1) }))
      .where('delivery', '=', 'sending')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('newsletter_sends')
              .select('id')
              .whereRef('newsletter_sends.newsletter_id', '=', 'newsletters.id')
              .where('newsletter_sends.status', '=', 'pending'),
          ),
        ),
      )
      .execute();
  }

  /** This instance's SMTP session, opened (and signed in) when first needed and kept for the next mails. */
  private async session(): Promise<SMTPConnection> {
    if (this.connection) return this.connection;
    const { auth, ...options } = parseConnectionUrl(this.ctx.config.smtpUrl);
    const connection = new SMTPConnection({ ...options, connectionTimeout: 10_000, socketTimeout: 30_000 });
    await new Promise<void>((resolve, reject) => {
      connection.once('error', reject);
      connection.connect(() => {
        connection.removeListener('error', reject);
        resolve();
      });
    });
    connection.on('error', () => {
      if (this.connection === connection) this.connection = undefined;
    });
    connection.on('end', () => {
      if (this.connection === connection) this.connection = undefined;
    });
    if (auth?.user) {
      await new Promise<void>((resolve, reject) =>
        connection.login({ user: auth.user, pass: auth.pass ?? '' }, (error) => (error ? reject(error) : resolve())),
      );
    }
    this.connection = connection;
    return connection;
  }

  /**
   * One mail over SMTP. The data is given up to its end; then `commit` runs, and the data is
   * ended (the server takes the mail) only if it answers true. Otherwise the session is closed
   * mid-data and the server drops the mail.
   */
  private async transmit(to: string, raw: Buffer, commit: () => Promise<boolean>): Promise<void> {
    const connection = await this.session();
    await new Promise<void>((resolve, reject) => {
      let given = false;
      // Read by nodemailer only once the server has said to go on with the data (354).
      const body = new Readable({
        read() {
          if (given) return;
          given = true;
          this.push(raw);
          commit().then(
            (ok) => (ok ? this.push(null) : this.destroy(new Error('This row is no longer ours to send'))),
            (error: unknown) => this.destroy(error as Error),
          );
        },
      });
      connection.send({ from: parseAddress(this.ctx.config.mailFrom), to: [to] }, body, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }
}

/** The bare address of `Name <address>` (MAIL_FROM), for the envelope. */
function parseAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
