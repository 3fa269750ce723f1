/**
 * The run-time settings (shared/security-settings.ts), kept in the `settings` table as JSON and
 * read through the cache, so a change reaches every instance within the cache's lifetime.
 */
import { DEFAULT_SECURITY_SETTINGS, type SecuritySettings } from '../../shared/security-settings';
import type { Cache } from '../cache/cache';
import type { DB } from '../db/database';

const SCOPE = 'settings';
const KEY = 'security';

export class Settings {
  constructor(
    private readonly db: DB,
    private readonly cache: Cache,
    private readonly defaults: SecuritySettings = DEFAULT_SECURITY_SETTINGS,
  ) {}

  async get(): Promise<SecuritySettings> {
    return this.cache.fetch(SCOPE, KEY, async () => {
      const row = await this.db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
      return { ...this.defaults, ...(row ? (JSON.parse(row.value) as Partial<SecuritySettings>) : {}) };
    });
  }

  async set(change: Partial<SecuritySettings>): Promise<SecuritySettings> {
    const next = { ...(await this.get()), ...change };
    const value = JSON.stringify(next);
    await this.db
      .insertInto('settings')
      .values({ key: KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    this.cache.invalidate(SCOPE);
    return next;
  }
}
