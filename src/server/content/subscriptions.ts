/**
 * Double opt-in (issue 59): a sign-up through the site is Pending until its owner follows the
 * link mailed to them, in the language of the page they signed up on. The link works once and for
 * CONFIRM_LINK_DAYS; only its token's hash is kept. A pending address is mailed nothing else, and
 * is erased by the upkeep once its link has expired. Leaving (one-click unsubscribe) is
 * mail/subscriber-mail.ts's link, answered by routes/subscriptions.ts.
 */
import type { FastifyRequest } from 'fastify';
import { now } from '../db/database';
import type { AppContext } from '../plugins/context';
import { hashToken, newToken } from '../security/tokens';
import { siteText } from '../../shared/messages/site-catalogues';
import { siteLocales } from './translations';
import { publicReads } from './public-reads';
import { escapeHtml, siteOrigin } from '../seo/origin';
import { CONFIRM_PATH, type Recipient, toSubscriber } from '../mail/subscriber-mail';

export const CONFIRM_LINK_DAYS = 7;
const DAY_MS = 86_400_000;

/** A subscriber as these steps read it. */
export interface Subscriber extends Recipient {
  confirmation: string;
  locale: string | null;
  created_at: string;
}

/** The site's name in `locale` (its translation, else its own), for the words around a subscriber's mail and pages. */
export async function siteNameIn(ctx: AppContext, appKey: string, locale: string | undefined): Promise<string> {
  const site = await ctx.services.applications.repo.findBy(null, 'app_key', appKey);
  const locales = siteLocales(site);
  const asked = locale && locales.includes(locale) ? locale : undefined;
  const shown = await publicReads(ctx)
    .site(appKey, appKey, asked)
    .then(({ data }) => data.name)
    .catch(() => site?.name);
  return String(shown || site?.name || siteText(locale)('site.defaultName'));
}

/**
 * Mails `who` a new confirmation link (any earlier unused one stops working). The sign-up's answer
 * does not wait for it and says the same whatever happens: a failure is logged. Without SMTP_URL
 * the subscriber stays pending, and is erased when a link would have expired.
 */
export function askToConfirm(request: FastifyRequest, who: Subscriber): void {
  const { ctx } = request.server;
  if (!ctx.mailer.configured) {
    request.log.warn('A subscriber signed up, but this server sends no mail (SMTP_URL): they cannot confirm');
    return;
  }
  const origin = siteOrigin(request);
  const send = async () => {
    const { db } = ctx.database;
    const token = newToken();
    const expiresAt = new Date(Date.now() + CONFIRM_LINK_DAYS * DAY_MS).toISOString();
    await db.deleteFrom('subscriber_confirmations').where('subscriber_id', '=', who.id).where('used_at', 'is', null).execute();
    await db
      .insertInto('subscriber_confirmations')
      .values({
        token_hash: hashToken(token),
        app_key: who.app_key,
        subscriber_id: who.id,
        created_at: now(),
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    const locale = who.locale ?? undefined;
    const t = siteText(locale);
    const site = await siteNameIn(ctx, who.app_key, locale);
    const url = `${origin}${CONFIRM_PATH}?token=${token}`;
    const until = expiresAt.replace('T', ' ').slice(0, 16);
    const expiry = t('subscription.confirm.expiry', { until });
    const text = [t('subscription.confirm.hello'), '', t('subscription.confirm.asked', { site }), url, '', expiry].join('\n');
    const html =
      `<p>${escapeHtml(t('subscription.confirm.hello'))}</p>` +
      `<p>${escapeHtml(t('subscription.confirm.asked', { site }))}</p>` +
      `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#1864ab;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(t('subscription.confirm.button'))}</a></p>` +
      `<p style="font-size:13px;color:#495057">${escapeHtml(url)}</p>` +
      `<p style="font-size:13px;color:#495057">${escapeHtml(expiry)}</p>`;
    await ctx.mailer.send(
      toSubscriber(ctx, origin, who, locale, site, { subject: t('subscription.confirm.subject', { site }), text, html }),
    );
  };
  send().catch((error: unknown) => request.log.warn({ err: error }, 'Mailing a subscription’s confirmation link failed'));
}

export type ConfirmOutcome =
  { kind: 'confirmed' | 'already'; subscriber: Subscriber } | { kind: 'expired' | 'unknown'; subscriber?: Subscriber };

const subscriberOf = async (ctx: AppContext, id: number): Promise<Subscriber | undefined> =>
  (await ctx.services.subscribers.repo.get(null, id)) as Subscriber | undefined;

/**
 * Follows a confirmation link. The link is marked used and the address confirmed only if it was
 * still unused and current, in one statement: two clicks at once confirm once.
 */
export async function confirmSubscription(ctx: AppContext, token: string): Promise<ConfirmOutcome> {
  const { db } = ctx.database;
  const hash = hashToken(token);
  const link = await db.selectFrom('subscriber_confirmations').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  const subscriber = link && (await subscriberOf(ctx, link.subscriber_id));
  if (!link || !subscriber) return { kind: 'unknown' };
  if (link.used_at) return { kind: 'already', subscriber };
  if (link.expires_at <= now()) return { kind: 'expired', subscriber };
  const claimed = await db
    .updateTable('subscriber_confirmations')
    .set({ used_at: now() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { kind: 'already', subscriber };
  await ctx.services.subscribers.repo.update(subscriber.app_key, subscriber.id, { confirmation: 'confirmed' });
  return { kind: 'confirmed', subscriber: { ...subscriber, confirmation: 'confirmed' } };
}

/** The subscriber an unsubscribe link names, if any. */
export const subscriberById = subscriberOf;

/** Marks `who` unsubscribed: they are mailed nothing more (a new sign-up asks them to confirm again). */
export async function unsubscribe(ctx: AppContext, who: Subscriber, newsletterId?: number): Promise<void> {
  if (who.confirmation === 'unsubscribed') return;
  await ctx.services.subscribers.repo.update(who.app_key, who.id, { confirmation: 'unsubscribed' });
  // Counted in that report (routes/newsletters.ts) when the link came in one sent to them.
  if (newsletterId !== undefined) {
    await ctx.database.db
      .updateTable('newsletter_sends')
      .set({ unsubscribed_at: new Date().toISOString() })
      .where('newsletter_id', '=', newsletterId)
      .where('subscriber_id', '=', who.id)
      .where('unsubscribed_at', 'is', null)
      .execute();
  }
}

/**
 * The upkeep's job: erases, on every site, the pending subscribers whose confirmation link has
 * expired (or who never had one, once a link would have), and forgets links that stopped working
 * long enough ago that nobody follows them any more.
 */
export async function erasePendingSubscriptions(ctx: AppContext, at = Date.now()): Promise<number> {
  const { db } = ctx.database;
  const current = new Date(at).toISOString();
  const cutoff = new Date(at - CONFIRM_LINK_DAYS * DAY_MS).toISOString();
  const stale = await db
    .selectFrom('subscribers')
    .select(['id', 'app_key'])
    .where('confirmation', '=', 'pending')
    .where('created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriber_confirmations')
            .select('token_hash')
            .whereRef('subscriber_confirmations.subscriber_id', '=', 'subscribers.id')
            .where('subscriber_confirmations.expires_at', '>', current),
        ),
      ),
    )
    .execute();
  for (const row of stale) {
    await ctx.services.subscribers.delete(String(row.app_key), Number(row.id), undefined, true);
    await db.deleteFrom('subscriber_confirmations').where('subscriber_id', '=', Number(row.id)).execute();
  }
  await db
    .deleteFrom('subscriber_confirmations')
    .where('expires_at', '<', new Date(at - 30 * DAY_MS).toISOString())
    .execute();
  return stale.length;
}
