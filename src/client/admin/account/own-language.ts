/**
 * One's own account as My Profile saves it (PUT /cms/api/me), and the back-office language chosen
 * in one click from the header's user menu, saved by that same call.
 *
 * The menu's choice shows at once and is remembered on the device before it is sent. A choice made
 * offline (or whose save the connection dropped) waits, under its person's name, and is sent when
 * the connection returns or at the next start; until then it wins over the profile's older
 * language, so a reload never shows the previous one.
 */
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { ItemEnvelope } from '../../../shared/envelope';
import { ApiError } from '../../api/http';
import { localStorageOrNone } from '../../pwa/local-storage';
import { adminCall } from '../api/admin-call';
import { meQuery } from '../api/admin-queries';
import type { Row } from '../api/entity-queries';
import { adminT, type AdminLanguage, isAdminLanguage, setAdminLanguage } from '../i18n';
import { currentOwner, sendAs } from '../session/session-owner';

/** Saves fields of one's own account; the answer is the account as stored. */
export const saveOwnAccount = (body: Record<string, unknown>) =>
  adminCall<ItemEnvelope<Row>>('me', { method: 'PUT', body }).then((r) => r.data);

/** Where the languages chosen but not yet saved wait: one per person (their owner key), on a shared device too. */
const UNSAVED_KEY = 'orgsite.admin-language-unsaved';

function readUnsaved(): Record<string, AdminLanguage> {
  try {
    const value = JSON.parse(localStorageOrNone()?.getItem(UNSAVED_KEY) ?? '{}') as Record<string, unknown> | null;
    return Object.fromEntries(
      Object.entries(value ?? {}).filter((entry): entry is [string, AdminLanguage] => isAdminLanguage(entry[1])),
    );
  } catch {
    return {};
  }
}

function writeUnsaved(owner: string, language: AdminLanguage | undefined): void {
  const others = Object.entries(readUnsaved()).filter(([someone]) => someone !== owner);
  const next = Object.fromEntries(language ? [...others, [owner, language]] : others);
  try {
    const storage = localStorageOrNone();
    if (Object.keys(next).length > 0) storage?.setItem(UNSAVED_KEY, JSON.stringify(next));
    else storage?.removeItem(UNSAVED_KEY);
  } catch {
    // storage full or blocked: the choice is still sent now, only not kept for later
  }
}

/** My Profile saved a language itself: that one is the person's choice now, not an older waiting one. */
export function forgetUnsavedLanguage(): void {
  const owner = currentOwner();
  if (owner !== null) writeUnsaved(owner, undefined);
}

/** The signed-in person's language chosen here and not yet saved to their profile, if any. */
export function unsavedLanguage(): AdminLanguage | undefined {
  const owner = currentOwner();
  return owner === null ? undefined : readUnsaved()[owner];
}

const showLanguage = (queryClient: QueryClient, language: AdminLanguage) =>
  // Object.assign keeps the account's type (a spread would drop its index signature).
  queryClient.setQueryData(meQuery.queryKey, (me) => (me ? Object.assign({}, me, { language }) : me));

/**
 * Sends the signed-in person's waiting choice until none is left (one made while another was on
 * its way is sent next, and wins); stops without a connection (it waits), drops a refused one.
 * Another person's waiting choice stays for their next sign-in.
 */
async function sendWaiting(queryClient: QueryClient): Promise<void> {
  for (;;) {
    const owner = currentOwner();
    const language = owner === null ? undefined : readUnsaved()[owner];
    if (owner === null || !language) return;
    let me: Row;
    try {
      me = await sendAs(owner, () => saveOwnAccount({ language }));
    } catch (error) {
      if (error instanceof ApiError && !error.isNetwork) {
        writeUnsaved(owner, undefined);
        notifications.show({ color: 'red', title: adminT('profileMenu.languageNotSaved'), message: error.message });
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      }
      return; // no connection: it waits for the next 'online' or start
    }
    if (readUnsaved()[owner] === language) {
      writeUnsaved(owner, undefined);
      // A read of the account begun before this save would bring back the older language.
      await queryClient.cancelQueries({ queryKey: meQuery.queryKey });
      if (currentOwner() === owner) queryClient.setQueryData(meQuery.queryKey, me);
      return;
    }
  }
}

let sending: Promise<void> | undefined;

/** Sends the signed-in person's waiting choice, if any (at the start, and when the connection returns). */
export function sendUnsavedLanguage(queryClient: QueryClient): Promise<void> {
  sending ??= sendWaiting(queryClient).finally(() => (sending = undefined));
  return sending;
}

/** The user menu's switch: shows `language` at once, remembers it here, and saves it to the profile. */
export function chooseOwnLanguage(queryClient: QueryClient, language: AdminLanguage): Promise<void> {
  setAdminLanguage(language);
  showLanguage(queryClient, language);
  const owner = currentOwner();
  if (owner === null) {
    // A session from before owners were kept: saved now, or on the next choice.
    return saveOwnAccount({ language }).then(
      (me) => void queryClient.setQueryData(meQuery.queryKey, me),
      () => undefined,
    );
  }
  writeUnsaved(owner, language);
  // One already on its way picks this choice up when it is answered.
  return sending ?? sendUnsavedLanguage(queryClient);
}
