/**
 * Makes `file` (empty) readable and writable by its owner only, before anything is written into
 * it: a backup or a site export holds every account's password hash and every visitor's message.
 * Writing into an existing file keeps its mode, so there is no moment it is open to others.
 */
import fs from 'node:fs';

export function privateFile(file: string): void {
  fs.writeFileSync(file, '', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}
