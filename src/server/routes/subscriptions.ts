/**
 * A subscriber's own pages, opened from the links in their mail without signing in and without
 * JavaScript: the confirmation link (double opt-in, content/subscriptions.ts) and the way out.
 * Leaving is RFC 8058's one-click: a mail client POSTs `List-Unsubscribe=One-Click` to the link
 * of the List-Unsubscribe header, with no cookie and no token but the link's own signature; a
 * person who opens the link gets a page whose button posts the same. Each page is drawn here, in
 * the subscriber's language and the site's colours, and never kept (it names one person).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { siteText, type SiteMessageKey } from '../../shared/messages/site-catalogues';
import { inLocale, languageName, localeAt } from '../../shared/locales';
import { escapeHtml } from '../seo/origin';
import { CONFIRM_PATH, isUnsubscribeSignature, UNSUBSCRIBE_PATH } from '../mail/subscriber-mail';
import {
  CONFIRM_LINK_DAYS,
  confirmSubscription,
  siteNameIn,
  type Subscriber,
  subscriberById,
  unsubscribe,
} from '../content/subscriptions';
import { siteLocales } from '../content/translations';
import { acceptMultipart } from '../plugins/multipart';

/** The one-click body (RFC 8058 §3.1), as a field and value. */
const ONE_CLICK = { field: 'List-Unsubscribe', value: 'One-Click' } as const;

interface Page {
  status: number;
  title: SiteMessageKey;
  text: SiteMessageKey;
  /** A form that posts the way out (the unsubscribe page's button). */
  button?: { action: string; label: SiteMessageKey };
  /** Show what is held about the subscription (the pages the subscriber's own link opens). */
  held?: boolean;
}

const HELD_STATUS: Record<string, SiteMessageKey> = {
  pending: 'subscription.held.pending',
  confirmed: 'subscription.held.confirmed',
  unsubscribed: 'subscription.held.unsubscribed',
};

const confirmQuery = z.object({ token: z.string().max(200).optional() });
const unsubscribeQuery = z.object({
  s: z.string().max(20).optional(),
  t: z.string().max(100).optional(),
  n: z.string().max(20).optional(),
});

export const subscriptionRoutes = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const { config } = ctx;
    const writeLimit = { rateLimit: { max: config.publicWriteLimit, timeWindow: '1 minute' } };

    // A mail client's one-click POST is urlencoded (or multipart, read where it is posted).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    /** Draws a page in the subscriber's language, on their site (the server's own when none). */
    const sendPage = async (reply: FastifyReply, page: Page, who?: Subscriber) => {
      const appKey = who?.app_key ?? config.appKey;
      const site = await ctx.services.applications.repo.findBy(null, 'app_key', appKey);
      const locales = siteLocales(site);
      const locale = who?.locale && locales.includes(who.locale) ? who.locale : locales[0]!;
      const t = siteText(locale);
      const name = await siteNameIn(ctx, appKey, locale);
      const vars = { site: name, email: who?.email ?? '', days: CONFIRM_LINK_DAYS };
      const home = inLocale(localeAt(locales, locale), '/');
      const logo = typeof site?.logo_header === 'string' && site.logo_header ? site.logo_header : '';
      const button = page.button
        ? `<form method="post" action="${escapeHtml(page.button.action)}">` +
          `<input type="hidden" name="${ONE_CLICK.field}" value="${ONE_CLICK.value}">` +
          `<button type="submit">${escapeHtml(t(page.button.label))}</button></form>`
        : '';
      const held = page.held && who ? heldAbout(who, t, locale) : '';
      const html =
        `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${escapeHtml(t(page.title))} · ${escapeHtml(name)}</title><style>${STYLE}</style></head><body>` +
        `<header><a href="${escapeHtml(home)}">${logo ? `<img src="${escapeHtml(logo)}" alt="" height="40">` : ''}<span>${escapeHtml(name)}</span></a></header>` +
        `<main><h1>${escapeHtml(t(page.title))}</h1><p>${escapeHtml(t(page.text, vars))}</p>${button}${held}` +
        `<p><a href="${escapeHtml(home)}">${escapeHtml(t('subscription.home'))}</a></p></main></body></html>`;
      return reply
        .status(page.status)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    /** What is held about the subscription, as its owner may see it (issue 59): address, language, since when, status. */
    const heldAbout = (who: Subscriber, t: ReturnType<typeof siteText>, locale: string) => {
      const since = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(who.created_at));
      const rows: [SiteMessageKey, string][] = [
        ['subscription.held.address', who.email],
        ['subscription.held.language', who.locale ? languageName(who.locale) : t('subscription.held.defaultLanguage')],
        ['subscription.held.since', since],
        ['subscription.held.status', t(HELD_STATUS[who.confirmation] ?? 'subscription.held.confirmed')],
      ];
      return (
        `<section aria-labelledby="held"><h2 id="held">${escapeHtml(t('subscription.held.title'))}</h2><dl>` +
        rows.map(([label, value]) => `<dt>${escapeHtml(t(label))}</dt><dd>${escapeHtml(value)}</dd>`).join('') +
        `</dl><p>${escapeHtml(t('subscription.held.erase'))}</p></section>`
      );
    };

    const hide = { schema: { hide: true } };

    app.get(CONFIRM_PATH, { ...hide, config: writeLimit }, async (request, reply) => {
      const { token } = confirmQuery.parse(request.query);
      const outcome = token ? await confirmSubscription(ctx, token) : ({ kind: 'unknown' } as const);
      switch (outcome.kind) {
        case 'confirmed':
          return sendPage(
            reply,
            { status: 200, title: 'subscription.confirmed.title', text: 'subscription.confirmed.text' },
            outcome.subscriber,
          );
        case 'already':
          return sendPage(
            reply,
            { status: 200, title: 'subscription.already.title', text: 'subscription.already.text' },
            outcome.subscriber,
          );
        case 'expired':
          return sendPage(
            reply,
            { status: 410, title: 'subscription.expired.title', text: 'subscription.expired.text' },
            outcome.subscriber,
          );
        default:
          return sendPage(reply, { status: 404, title: 'subscription.unknown.title', text: 'subscription.unknown.text' });
      }
    });

    /** The subscriber an unsubscribe link names, if its signature is this server's. */
    const linked = async (query: unknown): Promise<Subscriber | undefined> => {
      const parsed = unsubscribeQuery.safeParse(query);
      const { s, t } = parsed.success ? parsed.data : {};
      if (!s || !t || !/^\d{1,15}$/.test(s)) return undefined;
      const who = await subscriberById(ctx, Number(s));
      return who && isUnsubscribeSignature(ctx, who, t) ? who : undefined;
    };
    const notLinked: Page = { status: 404, title: 'subscription.unknown.title', text: 'subscription.unknown.text' };

    app.get(UNSUBSCRIBE_PATH, { ...hide, config: writeLimit }, async (request, reply) => {
      const who = await linked(request.query);
      if (!who) return sendPage(reply, notLinked);
      if (who.confirmation === 'unsubscribed') {
        return sendPage(
          reply,
          { status: 200, title: 'subscription.left.title', text: 'subscription.left.text', held: true },
          who,
        );
      }
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams(request.query as Record<string, string>).toString()}`;
      return sendPage(
        reply,
        {
          status: 200,
          title: 'subscription.leave.title',
          text: 'subscription.leave.text',
          button: { action, label: 'subscription.leave.button' },
          held: true,
        },
        who,
      );
    });

    // A mail client's one-click POST may be multipart: read in a context of its own (plugins/multipart.ts).
    await app.register(async (oneClick) => {
      await acceptMultipart(oneClick);
      oneClick.post(UNSUBSCRIBE_PATH, { ...hide, config: writeLimit }, async (request, reply) => {
        let asked: unknown;
        if (request.isMultipart()) {
          for await (const part of request.parts()) {
            if (part.type === 'field' && part.fieldname === ONE_CLICK.field) asked = part.value;
          }
        } else if (request.body && typeof request.body === 'object') {
          asked = (request.body as Record<string, unknown>)[ONE_CLICK.field];
        }
        if (asked !== ONE_CLICK.value) {
          return reply.status(400).send({
            message: `The body must be ${ONE_CLICK.field}=${ONE_CLICK.value} (RFC 8058)`,
            errors: { [ONE_CLICK.field]: `Must be ${ONE_CLICK.value}` },
          });
        }
        const who = await linked(request.query);
        if (!who) return sendPage(reply, notLinked);
        const issue = unsubscribeQuery.safeParse(request.query).data?.n;
        await unsubscribe(ctx, who, issue && /^\d{1,15}$/.test(issue) ? Number(issue) : undefined);
        return sendPage(
          reply,
          { status: 200, title: 'subscription.left.title', text: 'subscription.left.text', held: true },
          { ...who, confirmation: 'unsubscribed' },
        );
      });
    });
  },
  { name: 'subscriptions', encapsulate: true, dependencies: ['app-context'] },
);

/** The site's look in a few rules: its blue, its type, a card on a light ground. */
const STYLE = [
  "body{margin:0;font-family:system-ui,'Noto Sans Bengali',Arial,sans-serif;background:#f1f3f5;color:#212529;line-height:1.5}",
  'header{background:#1864ab;padding:12px 24px}',
  'header a{color:#fff;text-decoration:none;font-weight:700;font-size:1.2rem;display:inline-flex;align-items:center;gap:12px}',
  'main{max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1)}',
  'h1{font-size:1.5rem;margin:0 0 12px}',
  'main a{color:#1864ab}',
  'h2{font-size:1.1rem;margin:24px 0 8px}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 12px}',
  'dt{color:#495057}',
  'dd{margin:0}',
  'button{font:inherit;padding:10px 18px;border:0;border-radius:4px;background:#1864ab;color:#fff;cursor:pointer}',
].join('');
