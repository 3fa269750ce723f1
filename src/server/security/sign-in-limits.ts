/**
 * Limits on failed sign-ins, counted in the database so every instance on one PostgreSQL sees
 * the same counts: per identifier (guessing one account's password) and per address (trying one
 * password on many accounts). Only failures count, so nobody who signs in correctly is slowed
 * down by others' mistakes.
 */
import { LIMITS } from '../../shared/limits';
import type { DB } from '../db/database';

interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;
/** Failures older than every window are swept when new ones are written. */
const KEEP_MS = 60 * MINUTE_MS;

export class SignInLimits {
  constructor(private readonly db: DB) {}

  private limits(identifier: string, address: string): Limit[] {
    return [
      { key: `id:${identifier}`, max: LIMITS.login.maxFailuresPerMinute, windowMs: MINUTE_MS },
      { key: `ip:${address}`, max: LIMITS.login.maxFailuresPerAddress, windowMs: LIMITS.login.addressWindowMinutes * MINUTE_MS },
    ];
  }

  /** Seconds until this identifier may be tried again from this address, or 0 when it may now. */
  async retryAfter(identifier: string, address: string, at = Date.now()): Promise<number> {
    const waits = await Promise.all(
      this.limits(identifier, address).map(async ({ key, max, windowMs }) => {
        const { n, oldest } = await this.db
          .selectFrom('auth_failures')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
          .where('key', '=', key)
          .where('created_at', '>', new Date(at - windowMs).toISOString())
          .executeTakeFirstOrThrow();
        if (Number(n) < max || !oldest) return 0;
        return Math.max(1, Math.ceil((Date.parse(String(oldest)) + windowMs - at) / 1000));
      }),
    );
    return Math.max(...waits);
  }

  async fail(identifier: string, address: string, at = Date.now()): Promise<void> {
    const createdAt = new Date(at).toISOString();
    await this.db
      .insertInto('auth_failures')
      .values(this.limits(identifier, address).map(({ key }) => ({ key, created_at: createdAt })))
      .execute();
    await this.db
      .deleteFrom('auth_failures')
      .where('created_at', '<', new Date(at - KEEP_MS).toISOString())
      .execute();
  }

  /** A correct sign-in clears the identifier's failures; the address keeps its count. */
  async succeeded(identifier: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('key', '=', `id:${identifier}`).execute();
  }
}
