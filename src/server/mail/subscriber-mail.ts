/**
 * What every mail to a subscriber carries, whatever it says (the confirmation now, newsletters
 * later): where to leave, as RFC 8058 one-click headers a mail client acts on by itself and as a
 * visible link at the end of both parts, in the subscriber's language.
 */
import type { AppContext } from '../plugins/context';
import type { Mail } from './mailer';
import { SERVER_PATHS } from '../../shared/address-space';
import { siteText } from '../../shared/messages/site-catalogues';
import { escapeHtml } from '../seo/origin';

/** The subscriber a mail goes to: enough to address it and to sign their way out. */
export interface Recipient {
  id: number;
  app_key: string;
  email: string;
}

/** The unsubscribe page's address (routes/subscriptions.ts); GET shows a button, POST leaves. */
export const UNSUBSCRIBE_PATH = `${SERVER_PATHS.subscription}/unsubscribe`;
export const CONFIRM_PATH = `${SERVER_PATHS.subscription}/confirm`;

/** What an unsubscribe link is signed over: the address too, so a link outlives no change of it. */
const unsubscribeClaim = (who: Recipient) => `unsubscribe ${who.app_key} ${who.id} ${who.email.toLowerCase()}`;

/**
 * A subscriber's own way out: their id and this server's signature (SECRET_KEY), so it works
 * without signing in, from any mail ever sent, and nobody can make one for another address.
 */
export function unsubscribeUrl(ctx: AppContext, origin: string, who: Recipient, newsletterId?: number): string {
  // `n`: the newsletter the link came in, for its report's count of those who left through it.
  const issue = newsletterId === undefined ? '' : `&n=${newsletterId}`;
  return `${origin}${UNSUBSCRIBE_PATH}?s=${who.id}&t=${ctx.secrets.sign(unsubscribeClaim(who))}${issue}`;
}

/** Whether `signature` is the one unsubscribeUrl gave `who`. */
export const isUnsubscribeSignature = (ctx: AppContext, who: Recipient, signature: string) =>
  ctx.secrets.signed(unsubscribeClaim(who), signature);

/** The RFC 8058 headers: a mail client's own "Unsubscribe" POSTs `List-Unsubscribe=One-Click` to the link. */
export const listUnsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * `mail` made ready for `who`: addressed to them, with the one-click headers and the visible way
 * out at the end of its text and HTML, in `locale`. `html` is the body's content: it is framed
 * here (mailHtml). The one way any code writes to a subscriber.
 */
export function toSubscriber(
  ctx: AppContext,
  origin: string,
  who: Recipient,
  locale: string | undefined,
  site: string,
  mail: { subject: string; text: string; html: string },
  newsletterId?: number,
): Mail {
  const t = siteText(locale);
  const url = unsubscribeUrl(ctx, origin, who, newsletterId);
  const footer = t('subscription.footer', { site });
  const link = t('subscription.unsubscribeLink');
  return {
    to: who.email,
    subject: mail.subject,
    text: `${mail.text}\n\n--\n${footer}\n${url}\n`,
    html: mailHtml(
      locale,
      `${mail.html}<hr style="border:0;border-top:1px solid #dee2e6;margin:24px 0 12px">` +
        `<p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(footer)} ` +
        `<a href="${escapeHtml(url)}" style="color:#6b7280">${escapeHtml(link)}</a></p>`,
    ),
    headers: listUnsubscribeHeaders(url),
  };
}

/** A mail's HTML body in a plain frame that renders alike in the major mail clients (inline styles only). */
function mailHtml(locale: string | undefined, inner: string): string {
  const lang = escapeHtml(locale ?? 'en');
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head>` +
    `<body style="margin:0;padding:0;background:#f1f3f5">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;font-family:Arial,'Noto Sans Bengali',sans-serif;font-size:15px;line-height:1.5;color:#212529">` +
    `${inner}</div></body></html>`
  );
}
