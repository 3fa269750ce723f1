/**
 * A notification's mail, in the person's own back-office language (their profile's `language`;
 * English until they choose one), with a link to the record's form in the back-office and where
 * to switch such mails off. Plain text: what it says is a line and a link.
 */
import { entityByResource } from '../../shared/entities';
import type { NotificationKind } from '../../shared/notifications';

type Language = 'en' | 'bn';

interface Words {
  subject: Record<NotificationKind, string>;
  line: Record<NotificationKind, string>;
  someone: string;
  untitled: string;
  open: string;
  hello: string;
  off: string;
}

/** `{title}`, `{actor}`, `{site}` are filled in. Typed per language, so neither misses a text. */
const WORDS: Record<Language, Words> = {
  en: {
    subject: {
      submitted: 'Submitted for your review: {title}',
      changes_requested: 'Changes requested: {title}',
      approved: 'Approved: {title}',
      published: 'Published: {title}',
    },
    line: {
      submitted: '{actor} submitted “{title}” for your review on {site}.',
      changes_requested: '{actor} asked for changes to “{title}” on {site}:',
      approved: '{actor} approved “{title}” on {site}.',
      published: '{actor} published “{title}” on {site}.',
    },
    someone: 'Someone',
    untitled: 'Untitled',
    open: 'Open it in the back-office:',
    hello: 'Hello {name},',
    off: 'You can switch these mails off in My Profile, under Notifications by mail.',
  },
  bn: {
    subject: {
      submitted: 'আপনার পর্যালোচনার জন্য জমা: {title}',
      changes_requested: 'পরিবর্তনের অনুরোধ: {title}',
      approved: 'অনুমোদিত: {title}',
      published: 'প্রকাশিত: {title}',
    },
    line: {
      submitted: '{actor} {site}-এ “{title}” আপনার পর্যালোচনার জন্য জমা দিয়েছেন।',
      changes_requested: '{actor} {site}-এ “{title}”-এ পরিবর্তনের অনুরোধ করেছেন:',
      approved: '{actor} {site}-এ “{title}” অনুমোদন করেছেন।',
      published: '{actor} {site}-এ “{title}” প্রকাশ করেছেন।',
    },
    someone: 'কেউ একজন',
    untitled: 'শিরোনামহীন',
    open: 'অ্যাডমিনে খুলুন:',
    hello: 'প্রিয় {name},',
    off: 'এই মেইলগুলো আমার প্রোফাইলে, মেইলে বিজ্ঞপ্তি অংশে বন্ধ করতে পারেন।',
  },
};

export interface MailedNotification {
  kind: NotificationKind;
  entity: string;
  record_id: number;
  record_title: string | null;
  actor_name: string | null;
  comment: string | null;
  name: string | null;
  language: string | null;
  site: string | null;
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The subject and text of a notification's mail; `origin` is where the back-office is. */
export function notificationMail(n: MailedNotification, origin: string): { subject: string; text: string } {
  const words = WORDS[n.language === 'bn' ? 'bn' : 'en'];
  const values = {
    title: n.record_title || words.untitled,
    actor: n.actor_name || words.someone,
    site: n.site || '',
  };
  const def = entityByResource(n.entity);
  const link = `${origin}/admin/${def?.adminPath ?? n.entity}/form/${n.record_id}`;
  const text = [
    ...(n.name ? [fill(words.hello, { name: n.name }), ''] : []),
    fill(words.line[n.kind], values),
    ...(n.comment ? ['', n.comment] : []),
    '',
    words.open,
    link,
    '',
    '--',
    words.off,
  ].join('\n');
  // A subject is one line, whatever the title holds.
  return { subject: fill(words.subject[n.kind], values).replace(/\s+/g, ' ').slice(0, 200), text };
}
