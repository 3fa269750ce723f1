/**
 * Signed preview links: `<resource>.<id>.<expiry>.<HMAC>`, valid for LIMITS.previewLinkMinutes.
 * The key is made once and kept in the settings table, so every instance accepts every link and a
 * restart invalidates none. A link names one record; anything else (guessed, altered, expired) is
 * no link at all.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../../shared/limits';
import type { DB } from '../db/database';

const KEY_NAME = 'preview-key';

export interface PreviewTarget {
  resource: string;
  id: number;
}

export class PreviewLinks {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: DB) {}

  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      const fresh = randomBytes(32).toString('base64url');
      // The first instance to ask stores its key; every other one reads that one.
      await this.db
        .insertInto('settings')
        .values({ key: KEY_NAME, value: JSON.stringify(fresh) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await this.db.selectFrom('settings').select('value').where('key', '=', KEY_NAME).executeTakeFirstOrThrow();
      return Buffer.from(JSON.parse(row.value) as string, 'base64url');
    })();
    return this.key;
  }

  private async sign(payload: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(payload)
      .digest('base64url');
  }

  async make(target: PreviewTarget, at = Date.now()): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(at + LIMITS.previewLinkMinutes * 60_000);
    const payload = `${target.resource}.${target.id}.${expiresAt.getTime()}`;
    return { token: `${payload}.${await this.sign(payload)}`, expiresAt };
  }

  /** The record a link shows, or undefined when it is not a valid, unexpired link. */
  async open(token: string, at = Date.now()): Promise<PreviewTarget | undefined> {
    const match = /^([a-z-]+)\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return undefined;
    const [, resource, id, expires, signature] = match as unknown as [string, string, string, string, string];
    const expected = Buffer.from(await this.sign(`${resource}.${id}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (Number(expires) <= at) return undefined;
    return { resource, id: Number(id) };
  }
}
