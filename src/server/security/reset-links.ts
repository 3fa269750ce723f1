/**
 * One-time password reset links: valid for an hour, used once, one live link per user (a new one
 * replaces any earlier). Made by an admin in the back-office, or by `orgsite user:reset-password`
 * for an admin locked out of their own account.
 */
import { type DB, now } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { hashToken, newToken } from './tokens';
import { RESET_PASSWORD_SCREEN } from '../../shared/address-space';

export const RESET_LINK_MS = 3_600_000;

export async function makeResetLink(db: DB, userId: number, origin: string): Promise<{ url: string; expiresAt: string }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + RESET_LINK_MS).toISOString();
  await db.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: now(), expires_at: expiresAt, used_at: null })
    .execute();
  // In the fragment: a browser sends it to nobody, not to this server, a proxy's log or a
  // third party's script; the page reads it and removes it from the address.
  return { url: `${origin}${RESET_PASSWORD_SCREEN}#token=${token}`, expiresAt };
}

/** Mails a reset link to its user. */
export async function mailResetLink(
  mailer: Mailer,
  user: { email: string; name: string | null },
  link: { url: string; expiresAt: string },
): Promise<void> {
  await mailer.send({
    to: user.email,
    subject: 'Set a new password',
    text: [
      `Hello${user.name ? ` ${user.name}` : ''},`,
      '',
      'An administrator made a link for you to set a new password:',
      link.url,
      '',
      `It works once, until ${link.expiresAt.replace('T', ' ').slice(0, 16)} UTC. If you did not ask for it, tell your administrator.`,
    ].join('\n'),
  });
}
