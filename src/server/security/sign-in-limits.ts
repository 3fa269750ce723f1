/**
 * Limits on sign-in attempts, counted in the database so every instance on one PostgreSQL sees
 * the same counts: per account (guessing one account's password, whether it is named by email or
 * phone), per address (trying one password on many accounts) and, for two-factor codes, per
 * account over a longer window (guessing a code with a known password).
 *
 * An attempt is recorded before the password is checked, and counted in the same transaction
 * (serialised per key: an advisory lock on PostgreSQL, SQLite's single writer), so parallel guesses
 * cannot slip past a limit together. A successful attempt is then taken back: only failures
 * count, and nobody who signs in correctly is slowed down by others' mistakes.
 */
import { sql } from 'kysely';
import { LIMITS } from '../../shared/limits';
import type { DB } from '../db/database';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;
/** Attempts older than every window are swept when new ones are written. */
const KEEP_MS = 60 * MINUTE_MS;

/** What one sign-in attempt is counted under: the account (or, unknown, the words typed) and the address. */
export function signInLimits(account: string, address: string): Limit[] {
  return [
    { key: `account:${account}`, max: LIMITS.login.maxFailuresPerMinute, windowMs: MINUTE_MS },
    { key: `ip:${address}`, max: LIMITS.login.maxFailuresPerAddress, windowMs: LIMITS.login.addressWindowMinutes * MINUTE_MS },
  ];
}

/** Wrong two-factor codes of one account (its password was right). */
export function codeLimit(userId: number): Limit {
  return { key: `code:${userId}`, max: LIMITS.login.maxCodeFailures, windowMs: LIMITS.login.codeWindowMinutes * MINUTE_MS };
}

export interface Attempt {
  /** Seconds until another attempt is allowed; 0 when this one may go ahead. */
  wait: number;
  /** The rows recording it, to take back if it succeeds. */
  ids: number[];
}

export class SignInLimits {
  constructor(
    private readonly db: DB,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /**
   * Records an attempt under each limit and says whether it may go ahead. One over a limit is
   * not kept (the count stays at the limit, so the wait is the window's, not longer).
   */
  async attempt(limits: Limit[], at = Date.now()): Promise<Attempt> {
    const createdAt = new Date(at).toISOString();
    const ids: number[] = [];
    let wait = 0;
    for (const { key, max, windowMs } of limits) {
      const result = await this.db.transaction().execute(async (trx): Promise<{ wait: number } | { id: number }> => {
        if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        const { n, oldest } = await trx
          .selectFrom('auth_failures')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('key', '=', key)
          .where('created_at', '>', new Date(at - windowMs).toISOString())
          .executeTakeFirstOrThrow();
        if (Number(n) >= max && oldest) {
          return { wait: Math.max(1, Math.ceil((Date.parse(String(oldest)) + windowMs - at) / 1000)) };
        }
        const row = await trx
          .insertInto('auth_failures')
          .values({ key, created_at: createdAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: Number(row.id) };
      });
      if ('wait' in result) wait = Math.max(wait, result.wait);
      else ids.push(result.id);
    }
    if (wait > 0) await this.takeBack(ids);
    await this.db
      .deleteFrom('auth_failures')
      .where('created_at', '<', new Date(at - KEEP_MS).toISOString())
      .execute();
    return { wait, ids };
  }

  /** An attempt that succeeded is not a failure. */
  async takeBack(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('auth_failures').where('id', 'in', ids).execute();
  }

  /** A correct sign-in clears the account's earlier failures; the address keeps its count. */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('key', '=', key).execute();
  }
}
