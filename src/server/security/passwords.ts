/** scrypt password hashes: `scrypt$N$r$p$salt$hash`, parameters stored so they can be raised later. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../errors';
import { SignInLimits, signInLimits } from './sign-in-limits';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * OWASP's Password Storage Cheat Sheet lists equally strong scrypt settings; this one (N=2^14,
 * r=8, p=5) needs 16 MiB per hash rather than the 128 MiB of N=2^17, p=1, which a small host
 * signing in a few people at once could not spare.
 */
export const STRONG_PARAMS = { N: 16384, r: 8, p: 5 };
/**
 * Under a test runner (NODE_ENV=test, which Vitest sets and nothing in production does) a password
 * is hashed with the same scrypt doing less work, as Devise's test stretches and Django's test
 * hasher do: the suites make and check thousands of passwords, and what they test is who may sign
 * in, not the work factor. A hash made this way is made again at full cost by the first sign-in
 * anywhere else (needsRehash).
 */
const LIGHT_PARAMS = { N: 1024, r: 8, p: 1 };
export const passwordParams = (nodeEnv: string | undefined) => (nodeEnv === 'test' ? LIGHT_PARAMS : STRONG_PARAMS);
/** The settings this process hashes passwords with. */
export const PARAMS = passwordParams(process.env.NODE_ENV);
const KEY_LENGTH = 32;

/**
 * For secrets made by the server with their own entropy (recovery codes): salted and slow, but a
 * tenth of a password's cost, since ten are made at once and a guess has 40 random bits to find.
 */
export const SECRET_PARAMS = { N: 16384, r: 8, p: 1 };

export async function hashPassword(password: string, params = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash made with weaker settings than today's: replaced after the next correct sign-in. */
export function needsRehash(stored: string | null | undefined, params = PARAMS): boolean {
  const [scheme, n, r, p] = (stored ?? '').split('$');
  return scheme === 'scrypt' && (Number(n) !== params.N || Number(r) !== params.r || Number(p) !== params.p);
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

/** A hash that never matches: verifying against it costs as much as a real one (no timing oracle). */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

/**
 * For changes a stolen session must not be enough for (a new password or email, two-factor
 * settings): a 400 on `current_password` unless it is the user's password. Wrong guesses count
 * with the account's failed sign-ins (security/sign-in-limits.ts), so a session cannot be used to
 * guess the password either.
 */
export async function requireCurrentPassword(request: FastifyRequest, password: string | undefined): Promise<void> {
  if (!password) {
    const message = 'Enter your current password to make this change';
    throw badRequest(message, { current_password: message });
  }
  const { database } = request.server.ctx;
  const limits = new SignInLimits(database.db, database.dialect);
  const attempt = await limits.attempt(signInLimits(`user:${request.user.id}`, request.ip));
  if (attempt.wait > 0) {
    throw new HttpError(429, `Too many wrong passwords. Try again in ${attempt.wait} seconds.`, undefined, {
      'Retry-After': String(attempt.wait),
    });
  }
  const stored = await database.db.selectFrom('users').select('password').where('id', '=', request.user.id).executeTakeFirst();
  if (!(await verifyPassword(password, stored?.password ?? DUMMY_HASH))) {
    throw badRequest('Wrong password', { current_password: 'Wrong password' });
  }
  await limits.takeBack(attempt.ids);
}
