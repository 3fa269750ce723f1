/**
 * Secrets the server must read back (two-factor secrets) are stored encrypted with a key of the
 * installation's, never in the database: AES-256-GCM, `v1:<iv>.<tag>.<ciphertext>`. A copy of the
 * database, or a backup, does not give them away. The key is `SECRET_KEY` (required when several
 * servers share one database: they must all have the same), else a random key made once in
 * `data/secret.key` (readable by its owner only). Keep it apart from the backups, and with them.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'v1:';

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Any length of secret makes a 256-bit key.
    this.key = createHash('sha256').update(secret).digest();
  }

  /** A signature of `text` with this key (a link only this server can make, and check with `signed`). */
  sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  /** Whether `signature` is this key's of `text`, compared in constant time. */
  signed(text: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${PREFIX}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
  }

  /** The text sealed in `stored`; a value stored before secrets were sealed is read as it is. */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [iv, tag, sealed] = stored
      .slice(PREFIX.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
  }
}

/** SECRET_KEY, else the key kept in `file`, made (0600) on the first start. */
export function secretKeyOf(configured: string | undefined, file: string): string {
  if (configured) return configured;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
