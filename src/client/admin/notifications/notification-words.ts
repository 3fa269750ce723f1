/**
 * The words of the bell's list and of My Profile's mail switches, in English and Bangla. Kept
 * beside that code rather than in the admin catalogues: the English catalogue is downloaded by
 * every signed-in screen, whose first load has a budget, and these are read only once the bell is
 * pressed or My Profile opened. Typed per language, so Bangla cannot miss a text (and a unit test
 * says so too). Shown in the back-office's language (useAdminText), English for any other.
 */
import { useMemo } from 'react';
import type { NotificationKind } from '../../../shared/notifications';
import { useAdminText } from '../i18n';

const en = {
  title: 'Notifications',
  markAll: 'Mark all read',
  markFailed: 'Marking notifications read failed',
  loading: 'Loading…',
  none: 'Nothing yet: review steps that concern you show here.',
  unread: 'unread',
  untitled: 'Untitled',
  someone: 'Someone',
  'kind.submitted': 'Submitted for your review',
  'kind.changes_requested': 'Changes requested',
  'kind.approved': 'Approved',
  'kind.published': 'Published',
  mailTitle: 'Notifications by mail',
  mailText: 'The bell shows every kind; choose which also come to {{email}}.',
  mailOff: 'This server sends no mail: the bell alone shows them.',
  mailFailed: 'The switch was not saved',
  switches: 'your mail switches',
} satisfies Record<string, string> & Record<`kind.${NotificationKind}`, string>;

export type NotificationWord = keyof typeof en;

export const NOTIFICATION_WORDS: Record<'en' | 'bn', Record<NotificationWord, string>> = {
  en,
  bn: {
    title: 'বিজ্ঞপ্তি',
    markAll: 'সব পড়া হয়েছে',
    markFailed: 'বিজ্ঞপ্তি পড়া হিসেবে চিহ্নিত করা যায়নি',
    loading: 'লোড হচ্ছে…',
    none: 'এখনও কিছু নেই: আপনার সঙ্গে সম্পর্কিত পর্যালোচনার ধাপগুলো এখানে দেখা যাবে।',
    unread: 'না-পড়া',
    untitled: 'শিরোনামহীন',
    someone: 'কেউ একজন',
    'kind.submitted': 'আপনার পর্যালোচনার জন্য জমা',
    'kind.changes_requested': 'পরিবর্তনের অনুরোধ',
    'kind.approved': 'অনুমোদিত',
    'kind.published': 'প্রকাশিত',
    mailTitle: 'মেইলে বিজ্ঞপ্তি',
    mailText: 'ঘণ্টা-চিহ্নে সব ধরনের বিজ্ঞপ্তি দেখা যায়; কোনগুলো {{email}}-এও আসবে তা বেছে নিন।',
    mailOff: 'এই সার্ভার কোনো মেইল পাঠায় না: শুধু ঘণ্টা-চিহ্নেই এগুলো দেখা যায়।',
    mailFailed: 'সুইচটি সংরক্ষণ হয়নি',
    switches: 'আপনার মেইলের সুইচ',
  },
};

/** `w(key, vars)`: a text in the shown language, `{{name}}` filled in. */
export function useNotificationWords() {
  const { language } = useAdminText();
  return useMemo(() => {
    const words = NOTIFICATION_WORDS[language === 'bn' ? 'bn' : 'en'];
    return (key: NotificationWord, vars: Record<string, string> = {}) =>
      words[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  }, [language]);
}
