/**
 * A newsletter issue made into a mail's content (src/server/mail/newsletter-mail.ts, issue 59): each
 * kind with the right posts (never a draft or a post before its time), the digest's "since the
 * previous digest" rule, the Bangla text where there is one and the English where not, addresses
 * absolute on the origin, pictures a mail client draws, no script or stylesheet, and a framed mail
 * under Gmail's clipping size however long the post. SQLite and PostgreSQL, on the demo site.
 */
import { parseFragment } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeOf } from '../../src/shared/date-time';
import { siteText } from '../../src/shared/messages/site-catalogues';
import { makeNewsletter } from '../../src/server/mail/newsletter-mail';
import { toSubscriber } from '../../src/server/mail/subscriber-mail';
import type { Row } from '../../src/server/content/repository';
import { APP_KEY, createOtherApplication, dialects, OTHER_APP_KEY, startTestApp, type TestApp } from './harness';

const ORIGIN = 'https://news.example.org';
const MINUTE = 60_000;
const DAY = 86_400_000;
const en = siteText('en');
const bn = siteText('bn');

/** Every address an attribute of `html` names. */
const addresses = (html: string) => [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
/** Every picture of `html`, as its attributes. */
const pictures = (html: string) =>
  [...html.matchAll(/<img\b[^>]*>/g)].map((match) =>
    Object.fromEntries([...match[0].matchAll(/([a-z-]+)="([^"]*)"/g)].map((attr) => [attr[1]!, attr[2]!])),
  );
/** The post titles a digest lists, in its order (each is its item's heading). */
const listed = (html: string) => [...html.matchAll(/<h2\b[^>]*><a\b[^>]*>([^<]*)<\/a><\/h2>/g)].map((match) => match[1]!);

/** What every mail must be: no code or stylesheet, every address absolute, every picture described and fitted. */
function expectMailable(html: string) {
  expect(html).not.toMatch(/<script|<style|<link\b|<iframe|\sstyle="[^"]*(?:position|url\()/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  for (const address of addresses(html)) expect(address, address).toMatch(/^(https:\/\/|mailto:)/);
  for (const img of pictures(html)) {
    expect(img.alt, JSON.stringify(img)).toBeDefined();
    expect(img.style).toContain('max-width:100%;height:auto');
    expect(img.srcset).toBeUndefined();
  }
}

describe.each(await dialects())('newsletter mail on %s', (dialect) => {
  let t: TestApp;
  const stamp = `${dialect}${Date.now().toString(36)}`;
  const ctx = () => t.app.ctx;

  const post = async (values: Record<string, unknown>) => {
    const res = await t.admin('POST', '/cms/api/posts', { status: 1, ...values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; slug: string };
  };
  const translate = async (resource: string, id: number, values: Record<string, unknown>) => {
    const res = await t.admin('PUT', `/cms/api/${resource}/${id}?locale=bn`, { ...values, version: 0 });
    expect(res.statusCode, res.body).toBe(200);
  };
  const newsletter = async (values: Record<string, unknown>) => {
    const res = await t.admin('POST', '/cms/api/newsletters', { status: 1, ...values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  /** The issue as the admin repository holds it (default-language text). */
  const row = async (id: number) => (await ctx().services.newsletters.repo.get(APP_KEY, id)) as Row;
  const render = async (id: number, locale?: string) => makeNewsletter(ctx(), APP_KEY, await row(id), locale, ORIGIN);
  const queuedAt = async (id: number, at: number) => {
    await ctx().services.newsletters.repo.update(APP_KEY, id, { queued_at: new Date(at).toISOString() });
  };
  /** The size of the whole mail's HTML as a subscriber gets it: framed, with the unsubscribe footer. */
  const framedSize = (content: { subject: string; html: string; text: string }, locale?: string) =>
    Buffer.byteLength(
      toSubscriber(ctx(), ORIGIN, { id: 1, app_key: APP_KEY, email: 'reader@example.org' }, locale, 'Demo', content).html ?? '',
    );

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  it('mails a written issue cleaned, with absolute addresses, in Bangla where translated and English where not', async () => {
    const id = await newsletter({
      subject: `Spring letter ${stamp}`,
      kind: 'written',
      content:
        `<p>Dear friends, visit <a href="/contact">our office</a>.</p><img src="/uploads/office.png" alt="The office" loading="lazy">` +
        `<script>alert(1)</script><style>p{color:red}</style><p onclick="alert(2)">Thanks.</p>` +
        '<iframe src="https://www.youtube.com/embed/abc123" title="Our film"></iframe>',
    });
    const english = await render(id);
    expect(english.subject).toBe(`Spring letter ${stamp}`);
    expectMailable(english.html);
    expect(english.html).toContain(`<a href="${ORIGIN}/contact">our office</a>`);
    expect(english.html).toContain(`src="${ORIGIN}/uploads/office.png"`);
    expect(english.html).toContain('alt="The office"');
    expect(english.html).not.toMatch(/alert\(|color:red/);
    // A frame is no use in a mail: the video is a link to it.
    expect(english.html).toContain('href="https://www.youtube.com/embed/abc123"');
    expect(english.html).toContain('>Our film</a>');
    // The plain text: a paragraph a line, each link's address written out.
    expect(english.text).toContain(`Dear friends, visit our office (${ORIGIN}/contact).`);
    expect(english.text).toContain('\n\nThanks.');
    expect(english.text).not.toMatch(/<|alert/);

    // Untranslated, the Bangla mail is the English one.
    const fallback = await render(id, 'bn');
    expect(fallback.subject).toBe(`Spring letter ${stamp}`);
    expect(fallback.html).toContain('Dear friends');

    await translate('newsletters', id, {
      subject: `বসন্তের চিঠি ${stamp}`,
      content: '<p>প্রিয় বন্ধুরা, <a href="/bn/contact">অফিসে</a> আসুন।</p>',
    });
    const bangla = await render(id, 'bn');
    expect(bangla.subject).toBe(`বসন্তের চিঠি ${stamp}`);
    expect(bangla.html).toContain(`<a href="${ORIGIN}/bn/contact">অফিসে</a>`);
    expect(bangla.html).not.toContain('Dear friends');
    expect(bangla.text).toContain(`প্রিয় বন্ধুরা, অফিসে (${ORIGIN}/bn/contact) আসুন।`);
    // The default language is the record's own text, whoever asks for it; a language the site lacks reads as it.
    expect((await render(id, 'en')).subject).toBe(`Spring letter ${stamp}`);
    expect((await render(id, 'fr')).subject).toBe(`Spring letter ${stamp}`);
    expect(framedSize(bangla, 'bn')).toBeLessThan(100 * 1024);
  });

  it('mails one post as visitors read it, with its picture, title link and text, in the reader’s language', async () => {
    const made = await post({
      title: `Clinic opens ${stamp}`,
      sub_title: 'Open every day',
      thumb: '/uploads/clinic-photo.png',
      content: '<p>The clinic is <a href="/contact">open daily</a>.</p><img src="/uploads/inside.jpg">',
    });
    const id = await newsletter({
      subject: `Clinic ${stamp}`,
      kind: 'post',
      post_id: made.id,
      content: `<p>Intro ${stamp}</p>`,
    });
    const mail = await render(id);
    expectMailable(mail.html);
    const url = `${ORIGIN}/news/${made.slug}`;
    // The introduction, then the post.
    expect(mail.html.indexOf(`Intro ${stamp}`)).toBeLessThan(mail.html.indexOf(`Clinic opens ${stamp}`));
    expect(mail.html).toContain(`<a href="${url}" style="color:#212529;text-decoration:none">Clinic opens ${stamp}</a>`);
    expect(mail.html).toContain('Open every day');
    expect(mail.html).toContain(`<a href="${ORIGIN}/contact">open daily</a>`);
    const [thumb, inside] = pictures(mail.html);
    // The picture at a rendition's size, described by the post's title, drawn within the column.
    expect(thumb).toMatchObject({
      src: `${ORIGIN}/uploads/_r/640/clinic-photo.png.webp`,
      alt: `Clinic opens ${stamp}`,
      width: '512',
    });
    expect(Number(thumb!.width)).toBeLessThanOrEqual(560);
    expect(inside).toMatchObject({ src: `${ORIGIN}/uploads/inside.jpg`, alt: '' });
    expect(mail.text).toContain(`Clinic opens ${stamp}\nOpen every day\n${url}`);
    expect(mail.text).toContain(`The clinic is open daily (${ORIGIN}/contact).`);
    // A whole post needs no "Read more".
    expect(mail.html).not.toContain(en('newsletter.readMore'));

    // The media library's alt text describes the picture better than the title.
    const stored = new Date().toISOString();
    await ctx()
      .database.db.insertInto('files')
      .values({ app_key: APP_KEY, name: 'clinic-photo.png', alt: 'Nurses at the door', created_at: stored, updated_at: stored })
      .execute();
    expect(pictures((await render(id)).html)[0]!.alt).toBe('Nurses at the door');

    // In Bangla: the post's Bangla text and address; the untranslated introduction in English.
    await translate('posts', made.id, { title: `ক্লিনিক চালু ${stamp}`, slug: `ক্লিনিক-${stamp}`, content: '<p>প্রতিদিন খোলা।</p>' });
    const bangla = await render(id, 'bn');
    expectMailable(bangla.html);
    const banglaUrl = `${ORIGIN}/bn/news/${encodeURIComponent(`ক্লিনিক-${stamp}`)}`;
    expect(bangla.html).toContain(`<a href="${banglaUrl}" style="color:#212529;text-decoration:none">ক্লিনিক চালু ${stamp}</a>`);
    expect(bangla.html).toContain('প্রতিদিন খোলা।');
    expect(bangla.html).not.toContain('The clinic is');
    expect(bangla.html).toContain(`Intro ${stamp}`);
    expect(bangla.text).toContain(banglaUrl);
  });

  it('never mails a draft post or one whose time has not come', async () => {
    const draft = await post({ title: `Draft ${stamp}`, status: 0, content: '<p>Secret draft.</p>' });
    const later = await post({
      title: `Later ${stamp}`,
      publish_at: dateTimeOf(Date.now() + 60 * MINUTE),
      content: '<p>Not yet.</p>',
    });
    for (const hidden of [draft, later]) {
      const id = await newsletter({
        subject: `Hidden ${stamp}`,
        kind: 'post',
        post_id: hidden.id,
        content: '<p>Only the intro.</p>',
      });
      const mail = await render(id);
      expect(mail.html).toContain('Only the intro.');
      expect(mail.html).not.toMatch(/Draft |Later |Secret draft|Not yet/);
      expect(mail.text).not.toMatch(/Secret draft|Not yet/);
    }
  });

  it('lists in a first digest the posts of the last 30 days visitors may read, newest first', async () => {
    await post({ title: `Old ${stamp}`, publish_at: dateTimeOf(Date.now() - 31 * DAY) });
    const recent = await post({
      title: `Recent ${stamp}`,
      publish_at: dateTimeOf(Date.now() - 2 * DAY),
      thumb: '/uploads/recent-photo.png',
      content: `<p>${'Word '.repeat(200)}</p>`,
    });
    await post({ title: `Digest draft ${stamp}`, status: 0 });
    await post({ title: `Digest later ${stamp}`, publish_at: dateTimeOf(Date.now() + 60 * MINUTE) });
    const fresh = await post({ title: `Fresh ${stamp}`, content: '<p>Just written.</p>' });
    await translate('posts', fresh.id, { title: `নতুন ${stamp}`, slug: `নতুন-${stamp}` });
    const id = await newsletter({ subject: `Digest ${stamp}`, kind: 'digest', content: `<p>This month ${stamp}</p>` });

    const mail = await render(id);
    expectMailable(mail.html);
    const titles = listed(mail.html);
    expect(titles).toContain(`Fresh ${stamp}`);
    expect(titles).toContain(`Recent ${stamp}`);
    expect(titles.indexOf(`Fresh ${stamp}`)).toBeLessThan(titles.indexOf(`Recent ${stamp}`));
    expect(titles).not.toContain(`Old ${stamp}`);
    expect(titles.join()).not.toMatch(/Digest draft|Digest later/);
    expect(titles.length).toBeLessThanOrEqual(10);
    expect(mail.html.indexOf(`This month ${stamp}`)).toBeLessThan(mail.html.indexOf(`Fresh ${stamp}`));
    // Each item: its thumbnail (the square rendition), the title linking to the post, an excerpt and "Read more".
    const recentUrl = `${ORIGIN}/news/${recent.slug}`;
    const thumb = pictures(mail.html).find((img) => img.src!.includes('recent-photo'))!;
    expect(thumb).toMatchObject({
      src: `${ORIGIN}/uploads/_r/320x320/recent-photo.png.webp`,
      alt: `Recent ${stamp}`,
      width: '120',
    });
    const excerpt = /Word[^<]*…/.exec(mail.html)![0];
    expect(excerpt.length).toBeLessThanOrEqual(301);
    expect(excerpt.length).toBeGreaterThan(250);
    expect(mail.html).toContain(`<a href="${recentUrl}" style="color:#1c7ed6">Read more</a>`);
    expect(mail.text).toContain(`Recent ${stamp}\nWord Word`);
    expect(mail.text).toContain(`Read more: ${recentUrl}`);

    const bangla = await render(id, 'bn');
    expectMailable(bangla.html);
    const banglaTitles = listed(bangla.html);
    expect(banglaTitles).toContain(`নতুন ${stamp}`);
    // Untranslated, in English; the fixed words in Bangla.
    expect(banglaTitles).toContain(`Recent ${stamp}`);
    expect(bangla.html).toContain(`${ORIGIN}/bn/news/${encodeURIComponent(`নতুন-${stamp}`)}`);
    expect(bangla.html).toContain(`${ORIGIN}/bn/news/${recent.slug}`);
    expect(bangla.html).toContain(`>${bn('newsletter.readMore')}</a>`);
    expect(bangla.html).not.toContain(`>${en('newsletter.readMore')}</a>`);
  });

  it('lists in a digest only what was published since the previous digest went, and says so when nothing was', async () => {
    const now = Date.now();
    const previous = await newsletter({ subject: `Previous ${stamp}`, kind: 'digest' });
    await queuedAt(previous, now - 60 * MINUTE);
    await post({ title: `Before ${stamp}`, publish_at: dateTimeOf(now - 2 * 60 * MINUTE) });
    await post({ title: `After ${stamp}`, publish_at: dateTimeOf(now - 30 * MINUTE) });
    await post({ title: `Unscheduled ${stamp}` });
    // Not "the previous digest": one in the Trash, another site's, and one that is not a digest.
    const trashed = await newsletter({ subject: `Trashed ${stamp}`, kind: 'digest' });
    await queuedAt(trashed, now - 10 * MINUTE);
    expect((await t.admin('DELETE', `/cms/api/newsletters/${trashed}`)).statusCode).toBeLessThan(300);
    await createOtherApplication(t);
    const elsewhere = await ctx().services.newsletters.repo.insert(OTHER_APP_KEY, {
      subject: 'Other site',
      kind: 'digest',
      status: 1,
      delivery: 'sent',
      queued_at: new Date(now - 5 * MINUTE).toISOString(),
    });
    expect(elsewhere.id).toBeGreaterThan(0);
    const written = await newsletter({ subject: `Written ${stamp}`, kind: 'written', content: '<p>x</p>' });
    await queuedAt(written, now - 5 * MINUTE);

    const id = await newsletter({ subject: `Since ${stamp}`, kind: 'digest' });
    const titles = listed((await render(id)).html);
    expect(titles).toContain(`After ${stamp}`);
    expect(titles).toContain(`Unscheduled ${stamp}`);
    expect(titles).not.toContain(`Before ${stamp}`);
    expect(titles).not.toContain(`Recent ${stamp}`);
    expect(titles.indexOf(`Unscheduled ${stamp}`)).toBeLessThan(titles.indexOf(`After ${stamp}`));

    // The newest previous digest counts: one queued since leaves nothing new.
    const latest = await newsletter({ subject: `Latest ${stamp}`, kind: 'digest' });
    await queuedAt(latest, Date.now() + 1_000);
    const empty = await render(id);
    expect(listed(empty.html)).toEqual([]);
    expect(empty.html).toContain(en('newsletter.noPosts'));
    expect(empty.text).toContain(en('newsletter.noPosts'));
    expectMailable(empty.html);
    const emptyBangla = await render(id, 'bn');
    expect(emptyBangla.html).toContain(bn('newsletter.noPosts'));
    // A digest once queued is rendered from the digest before it, not from those queued after it.
    await queuedAt(id, now - 1_000);
    expect(listed((await render(id)).html)).toContain(`After ${stamp}`);

    for (const gone of [previous, latest, id]) {
      expect((await t.admin('DELETE', `/cms/api/newsletters/${gone}`)).statusCode).toBeLessThan(300);
    }
  });

  it('lists at most ten posts in a digest, the newest', async () => {
    const mine: string[] = [];
    for (let i = 1; i <= 11; i++) {
      mine.push(`Batch ${i} ${stamp}`);
      await post({ title: mine.at(-1), publish_at: dateTimeOf(Date.now() - i * MINUTE) });
    }
    const id = await newsletter({ subject: `Ten ${stamp}`, kind: 'digest' });
    const titles = listed((await render(id)).html);
    expect(titles).toHaveLength(10);
    expect(titles).toContain(mine[0]);
    expect(titles).not.toContain(mine[10]);
    const ours = titles.filter((title) => mine.includes(title));
    expect(ours).toEqual(mine.slice(0, ours.length));
  });

  it('keeps the framed mail under Gmail’s clipping size however long the post or the issue', async () => {
    const paragraph = (i: number) =>
      `<p>Paragraph ${i}: <a href="/news">the news</a> and <strong>বাংলা লেখা ${i}</strong> ${'text '.repeat(60)}</p>`;
    const content = Array.from({ length: 1_200 }, (_, i) => paragraph(i)).join('');
    expect(content.length).toBeGreaterThan(400_000);
    const huge = await post({ title: `Huge ${stamp}`, content });
    const id = await newsletter({ subject: `Huge ${stamp}`, kind: 'post', post_id: huge.id, content: '<p>A long one.</p>' });
    const mail = await render(id);
    const url = `${ORIGIN}/news/${huge.slug}`;
    expect(Buffer.byteLength(mail.html)).toBeLessThanOrEqual(90 * 1024);
    expect(framedSize(mail)).toBeLessThan(100 * 1024);
    expect(framedSize(mail, 'bn')).toBeLessThan(100 * 1024);
    expectMailable(mail.html);
    expect(mail.html).toContain('A long one.');
    expect(mail.html).toContain('Paragraph 0:');
    expect(mail.html).not.toContain('Paragraph 1199:');
    // Cut as well-formed HTML, with the way to the rest.
    expect(mail.html).toMatch(new RegExp(`</p><p style="margin:16px 0 0"><a href="${url}"[^>]*>Read more</a></p>$`));
    expect(parseFragment(mail.html).childNodes.length).toBeGreaterThan(2);
    expect(mail.text).toContain(`Read more: ${url}`);
    expect(mail.text.length).toBeLessThan(100 * 1024);

    // One paragraph of a single text, too long for a mail: cut at a word, in an issue of its own.
    const written = await newsletter({
      subject: `Long letter ${stamp}`,
      kind: 'written',
      content: `<div><p>${'অনেক কথা '.repeat(20_000)}</p></div>`,
    });
    const letter = await render(written, 'bn');
    expect(framedSize(letter, 'bn')).toBeLessThan(100 * 1024);
    expect(letter.html).toMatch(/^<div><p>অনেক কথা (অনেক কথা )*অনেক কথা…<\/p><\/div>/);
    expect(letter.html).toContain(
      `<a href="${ORIGIN}/bn/" style="color:#1c7ed6;font-weight:bold">${bn('newsletter.readOnSite')}</a>`,
    );
    expect(letter.text).toContain(`${bn('newsletter.readOnSite')}: ${ORIGIN}/bn/`);
  });
});
