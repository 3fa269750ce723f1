/**
 * Two-factor sign-in with time-based one-time codes (RFC 6238, the codes authenticator apps show),
 * made and checked by `otpauth`; the QR code to scan is drawn by `qrcode`. Recovery codes are
 * single-use and kept as hashes, like tokens.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { type DB, now } from '../db/database';
import { hashPassword, SECRET_PARAMS, verifyPassword } from './passwords';
import type { SecretBox } from './secret-box';
import { hashToken } from './tokens';

const RECOVERY_CODES = 10;

const totp = (secret: string, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: the otpauth:// address, also as a QR code image. */
export async function enrolment(secret: string, account: string, issuer: string): Promise<{ uri: string; qr: string }> {
  const uri = totp(secret, account, issuer).toString();
  return { uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/**
 * The time step of `code` when it is the current code or the one just before or after it (clocks
 * drift); null when it is neither.
 */
export function codeStep(secret: string, code: string, at = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = totp(secret);
  const delta = generator.validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? null : generator.counter({ timestamp: at }) + delta;
}

/**
 * Takes a code from a user's app: true when it matches and no code of its time step or a later one
 * was taken before, so a code seen over someone's shoulder or in a log cannot be used again. The
 * check and the record are one statement, so two sign-ins racing with one code cannot both win.
 */
export async function takeCode(db: DB, userId: number, secret: string, code: string): Promise<boolean> {
  const step = codeStep(secret, code);
  if (step === null) return false;
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The code an authenticator shows now (tests sign in with it). */
export const currentCode = (secret: string, at = Date.now()) => totp(secret).generate({ timestamp: at });

const normalise = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');

/** Replaces a user's recovery codes by ten new ones, returned once and stored only as hashes. */
export async function newRecoveryCodes(db: DB, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  // Each with a salt of its own and a slow hash: a copy of the table does not give the codes away.
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalise(code), SECRET_PARAMS)));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(hashes.map((hash) => ({ user_id: userId, code_hash: hash, used_at: null })))
      .execute();
  });
  return codes;
}

/** Uses up a recovery code: true when it was one of the user's unused codes. */
export async function useRecoveryCode(db: DB, userId: number, code: string): Promise<boolean> {
  const typed = normalise(code);
  const unused = await db
    .selectFrom('recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  for (const row of unused) {
    // Codes made before they were salted were stored as a plain SHA-256.
    const matches = row.code_hash.startsWith('scrypt$')
      ? await verifyPassword(typed, row.code_hash)
      : row.code_hash === hashToken(typed);
    if (!matches) continue;
    const result = await db
      .updateTable('recovery_codes')
      .set({ used_at: now() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
  return false;
}

/** The user's confirmed secret, or undefined when they sign in with a password alone. */
export async function activeSecret(db: DB, box: SecretBox, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('two_factor').select('secret').where('user_id', '=', userId).executeTakeFirst();
  return row?.secret ? box.open(row.secret) : undefined;
}
