/**
 * Whose work waits on this device. A shared computer keeps one person's queued saves and uploads
 * after their session ends (it expired, or was revoked, without signing out): each item carries
 * its owner (the user's id and the site's app key), and is sent only while that same person's
 * session is the stored one. Anyone else's session holds it, unsent and unshown, for its owner's
 * next sign-in: nothing typed is lost, and nothing goes out under another person's name. Signing
 * out on purpose discards the person's own (layout/useLogout.ts).
 */
import { adminApi } from '../../api/http';
import { getOwner, getToken } from '../../api/session';
import { config } from '../../config';
import { adoptOwner, subscribeSession } from './session-store';

/** One person on one site: what queued work remembers. */
export const ownerKey = (userId: number | string, appKey: string = config.appKey) => `${appKey}:${userId}`;

/** Whose the stored session is; null signed out (or while a session from before owners is not yet known). */
export const currentOwner = (): string | null => getOwner();

/** Whether an item queued by `itemOwner` may be sent with the session of `owner`: only its own person's. */
export const maySend = (itemOwner: string | null | undefined, owner: string | null): boolean =>
  owner !== null && itemOwner === owner;

/**
 * Whether signing out as `owner` discards an item: their own, and any queued before items had
 * owners (nobody could ever send those; whoever signs out next takes them with them).
 */
export const discardedWith = (itemOwner: string | null | undefined, owner: string | null): boolean =>
  itemOwner === undefined || itemOwner === null || itemOwner === owner;

/** The signed-in person's work that has not reached the server: their waiting saves and unfinished uploads. */
export function unsentCount(
  saves: readonly { owner?: string }[],
  uploads: readonly { owner?: string; state: string }[],
  owner: string | null,
): number {
  const own = <T extends { owner?: string }>(items: readonly T[]) => items.filter((item) => maySend(item.owner, owner));
  return own(saves).length + own(uploads).filter((upload) => upload.state !== 'done').length;
}

/** Resolves once `owner`'s session is the stored one: at once if it is, else at their next sign-in. */
export function whenSignedInAs(owner: string | null | undefined): Promise<void> {
  if (maySend(owner, currentOwner())) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeSession(() => {
      if (!maySend(owner, currentOwner())) return;
      stop();
      resolve();
    });
  });
}

/**
 * Makes a request as `owner`: at once while their session is the stored one, else once they sign
 * in again. `send` must read the token before it first waits (adminApi does): checked and read in
 * one step, no other session can come between.
 */
export async function sendAs<T>(owner: string | null | undefined, send: () => Promise<T>): Promise<T> {
  while (!maySend(owner, currentOwner())) await whenSignedInAs(owner);
  return send();
}

/**
 * A session stored before owners were kept learns whose it is from the server (the token is
 * that person's). Until then nothing queued is sent. Only recorded if the same token is still the
 * stored one when the answer comes.
 */
export async function learnOwnerOfStoredSession(): Promise<void> {
  const token = getToken();
  if (token === null || getOwner() !== null) return;
  try {
    const me = await adminApi<{ data: { id?: unknown } }>('me');
    if (getToken() === token && getOwner() === null && typeof me.data.id === 'number') adoptOwner(ownerKey(me.data.id));
  } catch {
    // Offline or refused: asked again at the next start; queued work waits meanwhile.
  }
}
