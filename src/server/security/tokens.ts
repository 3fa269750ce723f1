import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: the client holds the token, the database only its SHA-256. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const randomPassword = () => randomBytes(12).toString('base64url');
