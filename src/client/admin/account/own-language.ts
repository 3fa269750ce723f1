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

/** Where a language chosen but not yet saved waits, with whose choice it is. */
const UNSAVED_KEY = 'orgsite.admin-language-unsaved';

interface Unsaved {
  owner: string;
  language: AdminLanguage;
}

function readUnsaved(): Unsaved | null {
  try {
    const value = JSON.parse(localStorageOrNone()?.getItem(UNSAVED_KEY) ?? 'null') as Partial<Unsaved> | null;
    return value && typeof value.owner === 'string' && isAdminLanguage(value.language)
      ? { owner: value.owner, language: value.language }
      : null;
  } catch {
    return null;
  }
}

function writeUnsaved(value: Unsaved | null): void {
  try {
    const storage = localStorageOrNone();
    if (value) storage?.setItem(UNSAVED_KEY, JSON.stringify(value));
    else storage?.removeItem(UNSAVED_KEY);
  } catch {
    // storage full or blocked: the choice is still sent now, only not kept for later
  }
}

/** My Profile saved a language itself: that one is the person's choice now, not an older waiting one. */
export const forgetUnsavedLanguage = () => writeUnsaved(null);

/** The signed-in person's language chosen here and not yet saved to their profile, if any. */
export function unsavedLanguage(): AdminLanguage | undefined {
  const unsaved = readUnsaved();
  return unsaved && unsaved.owner === currentOwner() ? unsaved.language : undefined;
}

const showLanguage = (queryClient: QueryClient, language: AdminLanguage) =>
  queryClient.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, language } : me));

/** Sends the waiting choices in turn until none is left; stops without a connection (it waits), drops a refused one. */
async function sendWaiting(queryClient: QueryClient): Promise<void> {
  for (;;) {
    const unsaved = readUnsaved();
    if (!unsaved) return;
    let me: Row;
    try {
      me = await sendAs(unsaved.owner, () => saveOwnAccount({ language: unsaved.language }));
    } catch (error) {
      if (error instanceof ApiError && !error.isNetwork) {
        writeUnsaved(null);
        notifications.show({ color: 'red', title: adminT('profileMenu.languageNotSaved'), message: error.message });
        void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      }
      return; // no connection: it waits for the next 'online' or start
    }
    const latest = readUnsaved();
    if (latest?.owner === unsaved.owner && latest.language === unsaved.language) {
      writeUnsaved(null);
      // A read of the account begun before this save would bring back the older language.
      await queryClient.cancelQueries({ queryKey: meQuery.queryKey });
      queryClient.setQueryData(meQuery.queryKey, me);
      return;
    }
    // Another choice was made while this one was on its way: it is sent next, and wins.
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
  writeUnsaved({ owner, language });
  // One already on its way picks this choice up when it is answered.
  return sending ?? sendUnsavedLanguage(queryClient);
}
