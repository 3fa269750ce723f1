/**
 * A newsletter issue (issue 59) as a mail's content in one language: its subject, and the HTML and
 * plain text that toSubscriber() (subscriber-mail.ts) frames and ends with the way out.
 *
 * - An issue's own text (`written`) is the whole mail; with one post (`post`) or the new posts
 *   (`digest`) it is an introduction above them. Posts are read as visitors read them (the public
 *   read of content/public-reads.ts): a draft, or a post whose time has not come, is never mailed.
 * - Each text is in the asked language where it is translated, else in the site's default one,
 *   field by field, as the public site shows it.
 * - Stored HTML is cleaned by the site's sanitiser, and every address made absolute on the origin:
 *   a mail is read away from the site. The markup is what mail clients draw alike: inline styles
 *   only, simple blocks and tables, no script, no stylesheet, no frame.
 * - Gmail hides what comes after a mail's first 102 KB of HTML (the unsubscribe link among it), so
 *   the content is cut to fit under a cap, with a link to where the rest is.
 */
import { defaultTreeAdapter, type DefaultTreeAdapterTypes, parseFragment, serialize, serializeOuter } from 'parse5';
import { isSafeAddress } from '../../shared/addresses';
import { dateTimeOf, STORED_DATE_TIME, timeOfDateTime } from '../../shared/date-time';
import { ENTITIES, type EntityDef, publicPathOf } from '../../shared/entities';
import { htmlToText } from '../../shared/html-text';
import { type DocumentLocale, encodePath, inLocale, localeAt } from '../../shared/locales';
import { type SiteText, siteText } from '../../shared/messages/site-catalogues';
import { fileUrl, renditionUrl, resizableName, thumbnailUrl } from '../../shared/renditions';
import { sanitizeMarkup } from '../../shared/sanitize-markup';
import { publicReads, type PublicReads } from '../content/public-reads';
import type { Row, Select } from '../content/repository';
import { siteLocales, withTranslation } from '../content/translations';
import { forVisitors } from '../content/visibility';
import { HttpError } from '../errors';
import type { AppContext } from '../plugins/context';
import { siteByKey } from '../plugins/tenant';
import { absoluteLinks, escapeHtml } from '../seo/origin';

export interface NewsletterContent {
  subject: string;
  html: string;
  text: string;
}

/** The inner HTML's most: the frame and the unsubscribe footer fit in what Gmail shows whole. */
const HTML_CAP = 90 * 1024;
/** A digest lists the newest posts only: a mail is read in a minute, the archive is on the site. */
const DIGEST_SIZE = 10;
/** How far back the first digest looks, with no earlier digest to start from. */
const DIGEST_DAYS = 30;
/** About two sentences: enough to choose whether to read on. */
const EXCERPT_LENGTH = 300;
/** The frame's column (subscriber-mail.ts: 560 px less its padding): a picture is never drawn wider. */
const COLUMN = 512;
/** The rendition a post's picture is drawn from: the smallest of ours at least as wide as the column. */
const PICTURE_RENDITION = 640;
/** A digest's square thumbnail, drawn from the 320 × 320 frame (sharp on high-density screens). */
const THUMB = 120;

const FONT = "Arial,'Noto Sans Bengali',sans-serif";
const LINK_STYLE = 'color:#1c7ed6';
const PICTURE_STYLE = 'max-width:100%;height:auto;display:block;border:0';
const RULE = '<hr style="border:0;border-top:1px solid #dee2e6;margin:24px 0">';

const POSTS = ENTITIES.posts as EntityDef;
const NEWSLETTERS = ENTITIES.newsletters as EntityDef;

type Node = DefaultTreeAdapterTypes.ChildNode;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Element = DefaultTreeAdapterTypes.Element;

/** A piece of the mail, in both of its parts. */
interface Part {
  html: string;
  text: string;
}

/** What every piece of one mail is made with. */
interface Making {
  ctx: AppContext;
  appKey: string;
  origin: string;
  t: SiteText;
  /** Where the language's addresses start. */
  at: DocumentLocale;
  /** The locale reads ask for: none on a site written in one language. */
  asked: string | undefined;
  reads: PublicReads;
}

const bytes = (html: string) => Buffer.byteLength(html, 'utf8');
const isElement = (node: Node): node is Element => 'tagName' in node;
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

/** A stored date-time (UTC without a zone) or a stamp (ISO) as milliseconds; NaN for anything else. */
const timeOf = (value: unknown) => {
  const text = typeof value === 'string' ? value : '';
  return STORED_DATE_TIME.test(text) ? timeOfDateTime(text) : text ? Date.parse(text) : NaN;
};

/** Plain text cut near `length` characters, at a word's end. */
function excerpt(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return `${cut.replace(/\s+\S*$/, '') || cut}…`;
}

/** Attributes of a picture that speak to the site's browsers (renditions by screen, lazy loading), not to a mail client. */
const SITE_PICTURE_ATTRIBUTES = new Set(['srcset', 'sizes', 'loading', 'decoding']);

/** The nodes of `parent` made ready for a mail client: pictures within the column, frames as links. */
function forMail(parent: ParentNode): void {
  for (const node of [...parent.childNodes]) {
    if (!isElement(node)) continue;
    if (node.tagName === 'img') {
      node.attrs = node.attrs.filter((attr) => !SITE_PICTURE_ATTRIBUTES.has(attr.name));
      const style = node.attrs.find((attr) => attr.name === 'style');
      if (style) style.value = `${style.value.replace(/;?\s*$/, ';')}max-width:100%;height:auto`;
      else node.attrs.push({ name: 'style', value: 'max-width:100%;height:auto' });
    } else if (node.tagName === 'iframe') {
      // Mail clients draw no frames: the video or map becomes a link to it.
      const src = attribute(node, 'src') ?? '';
      const [link] = parseFragment(
        `<p><a href="${escapeHtml(src)}" style="${LINK_STYLE}">${escapeHtml(attribute(node, 'title') || src)}</a></p>`,
      ).childNodes;
      defaultTreeAdapter.insertBefore(parent, link!, node);
      defaultTreeAdapter.detachNode(node);
    } else {
      forMail(node);
    }
  }
}

/** Stored HTML as a mail carries it: cleaned, its addresses absolute, fitted to mail clients. */
function mailNodes(stored: unknown, origin: string): Node[] {
  const fragment = parseFragment(absoluteLinks(sanitizeMarkup(typeof stored === 'string' ? stored : ''), origin));
  forMail(fragment);
  return fragment.childNodes;
}

const sizeOf = (nodes: Node[]) => nodes.reduce((sum, node) => sum + bytes(serializeOuter(node)), 0);

/** Text as HTML in at most `budget` bytes, ending at a word's end. */
function cutText(text: string, budget: number): string {
  let html = '';
  let size = bytes('…');
  for (const char of text) {
    const escaped = escapeHtml(char);
    size += bytes(escaped);
    if (size > budget) break;
    html += escaped;
  }
  const words = html.replace(/\s+\S*$/, '') || html;
  return words ? `${words}…` : '';
}

/** The beginning of one node as HTML in at most `budget` bytes: its text, or its element around the children that fit. */
function partOf(node: Node, budget: number): string {
  if (node.nodeName === '#text') return cutText((node as DefaultTreeAdapterTypes.TextNode).value, budget);
  if (!isElement(node) || node.childNodes.length === 0) return '';
  const children = node.childNodes;
  node.childNodes = [];
  const shell = serializeOuter(node);
  node.childNodes = children;
  const close = `</${node.tagName}>`;
  const room = budget - bytes(shell);
  return room > 0 ? `${shell.slice(0, -close.length)}${cut(children, room).html}${close}` : '';
}

/** `nodes` as HTML in at most `budget` bytes: whole while they fit, then the beginning of the next. */
function cut(nodes: Node[], budget: number): { html: string; cut: boolean } {
  let html = '';
  let room = budget;
  for (const node of nodes) {
    const whole = serializeOuter(node);
    if (bytes(whole) > room) return { html: html + partOf(node, room), cut: true };
    html += whole;
    room -= bytes(whole);
  }
  return { html, cut: false };
}

/** Elements a reader sees as a block of their own: a paragraph of the plain text. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre',
  'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]); // prettier-ignore
const isBlock = (node: Node): node is Element => isElement(node) && BLOCKS.has(node.tagName);

/** Each link's address written after its words, for a reader of the plain text. */
function writeLinksOut(parent: ParentNode): void {
  for (const node of parent.childNodes) {
    if (!isElement(node)) continue;
    const href = node.tagName === 'a' ? attribute(node, 'href') : undefined;
    if (href) {
      const words = htmlToText(serialize(node));
      if (words !== href) defaultTreeAdapter.insertText(node, words ? ` (${href})` : href);
    } else {
      writeLinksOut(node);
    }
  }
}

/** The paragraphs of `nodes`: a block holding blocks gives theirs; text and inline elements side by side make one. */
function paragraphs(nodes: Node[], out: string[]): string[] {
  let run: Node[] = [];
  const flush = () => {
    const text = htmlToText(run.map((node) => serializeOuter(node)).join(''));
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (isBlock(node)) {
      flush();
      if (node.childNodes.some(isBlock)) paragraphs(node.childNodes, out);
      else run = [node];
      flush();
    } else {
      run.push(node);
    }
  }
  flush();
  return out;
}

/** HTML as plain text: a blank line between paragraphs, links written out. */
function plainText(html: string): string {
  const fragment = parseFragment(html);
  writeLinksOut(fragment);
  return paragraphs(fragment.childNodes, []).join('\n\n');
}

const part = (html: string): Part => ({ html, text: plainText(html) });

/** A paragraph that is one link. */
const linkLine = (href: string, words: string): Part => ({
  html: `<p style="margin:16px 0 0"><a href="${escapeHtml(href)}" style="${LINK_STYLE};font-weight:bold">${escapeHtml(words)}</a></p>`,
  text: `${words}: ${href}`,
});

/** An absolute address of the site, in the mail's language. */
const siteLink = (m: Making, path: string) => `${m.origin}${encodePath(inLocale(m.at, path))}`;

/** A post's public address, in the mail's language (its translated slug where it has one). */
const postLink = (m: Making, post: Row) => siteLink(m, publicPathOf(POSTS, post) ?? '/');

/** The alt text the media library keeps for each of these pictures that is one of its uploads, by address. */
async function libraryAlts(m: Making, addresses: string[]): Promise<Map<string, string>> {
  const uploads = fileUrl('');
  const names = [...new Set(addresses.filter((src) => src.startsWith(uploads)).map((src) => src.slice(uploads.length)))];
  if (names.length === 0) return new Map();
  const rows = await m.ctx.database.db
    .selectFrom('files')
    .select(['name', 'alt'])
    .where('app_key', '=', m.appKey)
    .where('name', 'in', names)
    .execute();
  return new Map(rows.flatMap((row) => (row.alt?.trim() ? [[fileUrl(row.name), row.alt.trim()]] : [])));
}

/** A post's picture, when it has one a mail can show (not an upload still on its way). */
const pictureOf = (post: Row) => {
  const src = typeof post.thumb === 'string' ? post.thumb.trim() : '';
  return src && isSafeAddress(src) ? src : undefined;
};

/** A picture linking to `href`, at `width` px (and `height`, when the rendition is cut to that shape). */
function picture(m: Making, src: string, alt: string, href: string, width: number, height?: number): string {
  const size = height === undefined ? '' : ` height="${height}"`;
  return absoluteLinks(
    `<a href="${escapeHtml(href)}"><img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}"${size} style="${PICTURE_STYLE}"></a>`,
    m.origin,
  );
}

/** The post as visitors may read it now, in the mail's language; none when they may not (a draft, not yet published, gone). */
async function visiblePost(m: Making, slug: string): Promise<Row | undefined> {
  try {
    return (await m.reads.detail(m.appKey, 'posts', slug, undefined, m.asked)).data;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** Stored text within `budget` bytes: whole when it fits, else its beginning and a link to the site for the rest. */
function fitted(m: Making, nodes: Node[], budget: number): Part[] {
  if (sizeOf(nodes) <= budget) {
    const html = nodes.map((node) => serializeOuter(node)).join('');
    return html ? [part(html)] : [];
  }
  const more = linkLine(siteLink(m, '/'), m.t('newsletter.readOnSite'));
  const { html } = cut(nodes, budget - bytes(more.html));
  return [...(html ? [part(html)] : []), more];
}

/** One post: its picture, its title linking to it, its sub-title, then its whole text, or as much as fits and a link to the rest. */
async function onePost(m: Making, issue: Row, intro: Node[]): Promise<Part[]> {
  const id = Number(issue.post_id);
  const stored = Number.isSafeInteger(id) && id > 0 ? await m.ctx.services.posts.repo.get(m.appKey, id) : undefined;
  const post = stored ? await visiblePost(m, String(stored.slug)) : undefined;
  if (!post) return fitted(m, intro, HTML_CAP);
  const url = postLink(m, post);
  const title = String(post.title ?? '');
  const subTitle = String(post.sub_title ?? '').trim();
  const src = pictureOf(post);
  const name = src && resizableName(src);
  const alt = (src && (await libraryAlts(m, [src])).get(src)) || title;
  const head: Part = {
    html:
      (intro.length > 0 ? RULE : '') +
      (src
        ? `<div style="margin:0 0 16px">${picture(m, name ? renditionUrl(name, PICTURE_RENDITION, 'webp') : src, alt, url, COLUMN)}</div>`
        : '') +
      `<h1 style="margin:0 0 8px;font-family:${FONT};font-size:24px;line-height:1.3">` +
      `<a href="${escapeHtml(url)}" style="color:#212529;text-decoration:none">${escapeHtml(title)}</a></h1>` +
      (subTitle ? `<p style="margin:0 0 16px;font-size:17px;color:#495057">${escapeHtml(subTitle)}</p>` : ''),
    text: [title, subTitle, url].filter(Boolean).join('\n'),
  };
  const readMore = linkLine(url, m.t('newsletter.readMore'));
  const body = mailNodes(post.content, m.origin);
  // The post is what the issue is for: a long introduction gives way to it, down to a quarter of the room.
  const room = HTML_CAP - bytes(head.html) - bytes(readMore.html);
  const introSize = sizeOf(intro);
  const bodySize = sizeOf(body);
  const introRoom = introSize + bodySize <= room ? introSize : Math.max(room - bodySize, Math.floor(room / 4));
  const introParts = fitted(m, intro, introRoom);
  const shown = cut(body, room - introParts.reduce((sum, p) => sum + bytes(p.html), 0));
  return [...introParts, head, ...(shown.html ? [part(shown.html)] : []), ...(shown.cut ? [readMore] : [])];
}

/**
 * When the digest before this one went: the newest queue time of the site's other digests (this
 * one's own excepted, and, once it has been queued, those queued after it), or none.
 */
async function previousDigest(m: Making, issue: Row): Promise<number | undefined> {
  const own = timeOf(issue.queued_at);
  const rows = await m.ctx.services.newsletters.repo
    .listQuery(m.appKey, {
      where: { kind: 'digest' },
      refine: (qb) => qb.where('id', '!=', Number(issue.id)).where('queued_at', 'is not', null),
    })
    .clearSelect()
    .clearOrderBy()
    .select(['queued_at'])
    .execute();
  const times = rows.map((row) => timeOf(row.queued_at)).filter((time) => !Number.isNaN(time) && !(time >= own));
  return times.length > 0 ? Math.max(...times) : undefined;
}

/**
 * The posts visitors may read that were published after `since`, newest first, at most
 * DIGEST_SIZE. A post is published at its publish time, or when it was written if it has none; the
 * two are stored in two formats (shared/date-time.ts, and ISO stamps), so each is asked apart.
 */
async function postsSince(m: Making, since: number): Promise<Row[]> {
  const repo = m.ctx.services.posts.repo;
  const visible = (refine: (qb: Select) => Select, order: 'publish_at' | 'created_at') =>
    repo
      .listQuery(m.appKey, forVisitors(POSTS, {}, refine))
      .clearSelect()
      .clearOrderBy()
      .select(['id', 'slug', 'publish_at', 'created_at'])
      .orderBy(order, 'desc')
      .limit(DIGEST_SIZE)
      .execute();
  const scheduled = await visible((qb) => qb.where('publish_at', '>', dateTimeOf(since)), 'publish_at');
  const unscheduled = await visible(
    (qb) =>
      qb
        .where((eb) => eb.or([eb('publish_at', 'is', null), eb('publish_at', '=', '')]))
        .where('created_at', '>', new Date(since).toISOString()),
    'created_at',
  );
  const published = (row: { publish_at: unknown; created_at: unknown }) => timeOf(row.publish_at || row.created_at);
  const newest = [...scheduled, ...unscheduled].sort((a, b) => published(b) - published(a)).slice(0, DIGEST_SIZE);
  const posts = [];
  for (const row of newest) {
    const post = await visiblePost(m, String(row.slug));
    if (post) posts.push(post);
  }
  return posts;
}

/** A post in a digest: its thumbnail beside its title, an excerpt and a link to the rest. */
function digestItem(m: Making, post: Row, alts: Map<string, string>): Part {
  const url = postLink(m, post);
  const title = String(post.title ?? '');
  const summary = excerpt(htmlToText(sanitizeMarkup(String(post.content ?? ''))) || String(post.sub_title ?? '').trim());
  const src = pictureOf(post);
  const readMore = m.t('newsletter.readMore');
  const thumb = src
    ? `<td width="${THUMB}" valign="top" style="width:${THUMB}px;padding:0 16px 0 0">` +
      picture(m, thumbnailUrl(src), alts.get(src) || title, url, THUMB, resizableName(src) ? THUMB : undefined) +
      '</td>'
    : '';
  return {
    html:
      '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 24px">' +
      `<tr>${thumb}<td valign="top" style="font-family:${FONT};font-size:15px;line-height:1.5;color:#212529">` +
      `<h2 style="margin:0 0 6px;font-family:${FONT};font-size:18px;line-height:1.3">` +
      `<a href="${escapeHtml(url)}" style="${LINK_STYLE};text-decoration:none">${escapeHtml(title)}</a></h2>` +
      (summary ? `<p style="margin:0 0 6px">${escapeHtml(summary)}</p>` : '') +
      `<p style="margin:0"><a href="${escapeHtml(url)}" style="${LINK_STYLE}">${escapeHtml(readMore)}</a></p>` +
      '</td></tr></table>',
    text: [title, summary, `${readMore}: ${url}`].filter(Boolean).join('\n'),
  };
}

/** The posts published since the previous digest went (or in the last DIGEST_DAYS), each as a digest item. */
async function digest(m: Making, issue: Row, intro: Node[]): Promise<Part[]> {
  const since = (await previousDigest(m, issue)) ?? Date.now() - DIGEST_DAYS * 86_400_000;
  const posts = await postsSince(m, since);
  const alts = await libraryAlts(
    m,
    posts.flatMap((post) => pictureOf(post) ?? []),
  );
  const more = linkLine(siteLink(m, '/'), m.t('newsletter.readOnSite'));
  const items: Part[] = [];
  // Each item whole or not at all, and the introduction in the room they leave.
  let room = HTML_CAP - bytes(RULE) - bytes(more.html);
  for (const post of posts) {
    const item = digestItem(m, post, alts);
    if (bytes(item.html) > room) break;
    items.push(item);
    room -= bytes(item.html);
  }
  if (items.length < posts.length) items.push(more);
  if (posts.length === 0) {
    const none = m.t('newsletter.noPosts');
    items.push({ html: `<p style="margin:0;color:#495057">${escapeHtml(none)}</p>`, text: none });
  }
  const introParts = fitted(m, intro, room);
  const rule = introParts.length > 0 ? [{ html: RULE, text: '' }] : [];
  return [...introParts, ...rule, ...items];
}

/**
 * The issue's content in `locale` (undefined: the site's default language), every link and picture
 * absolute on `origin`. `html` is the inner content only: the caller frames it and adds the
 * unsubscribe footer with toSubscriber() in src/server/mail/subscriber-mail.ts.
 */
export async function makeNewsletter(
  ctx: AppContext,
  appKey: string,
  newsletter: Row,
  locale: string | undefined,
  origin: string,
): Promise<NewsletterContent> {
  const locales = siteLocales(await siteByKey(ctx, appKey));
  const defaultLocale = locales[0]!;
  // A language the site is no longer written in reads as its default one.
  const shown = locale !== undefined && locales.includes(locale) ? locale : defaultLocale;
  const m: Making = {
    ctx,
    appKey,
    origin,
    t: siteText(shown),
    at: localeAt(locales, shown),
    asked: locales.length > 1 ? shown : undefined,
    reads: publicReads(ctx),
  };
  const translation =
    shown === defaultLocale ? undefined : await ctx.translations.get(NEWSLETTERS.resource, Number(newsletter.id), shown);
  const issue = withTranslation(NEWSLETTERS, newsletter, shown, defaultLocale, translation);
  const own = mailNodes(issue.content, origin);
  const parts =
    newsletter.kind === 'post'
      ? await onePost(m, issue, own)
      : newsletter.kind === 'digest'
        ? await digest(m, issue, own)
        : fitted(m, own, HTML_CAP);
  let html = parts.map((p) => p.html).join('');
  let text = parts
    .map((p) => p.text)
    .filter(Boolean)
    .join('\n\n');
  // What each kind left within the cap stays there; this holds it should a title alone be larger.
  if (bytes(html) > HTML_CAP) {
    const whole = fitted(m, parseFragment(html).childNodes, HTML_CAP);
    html = whole.map((p) => p.html).join('');
    text = whole.map((p) => p.text).join('\n\n');
  }
  return {
    subject: String(issue.subject ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
    html,
    text,
  };
}
