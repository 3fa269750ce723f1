/** Reading the version a save is based on, for every route that saves a record. */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/**
 * The version a save is based on: `If-Match: "3"` (the ETag of the read) or `version` in the body.
 * `*` or neither means "whatever is stored" (the spec's client sends neither).
 */
export function basedOnVersion(request: FastifyRequest, bodyVersion: unknown): number | undefined {
  const header = request.headers['if-match'];
  let fromHeader: number | undefined;
  if (typeof header === 'string' && header.trim() !== '*') {
    const match = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header);
    if (!match) throw badRequest('If-Match must be the version of the record, as in "3"', { 'If-Match': 'Not a version' });
    fromHeader = Number(match[1]);
  }
  const fromBody = typeof bodyVersion === 'number' ? bodyVersion : undefined;
  if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
    throw badRequest('If-Match and version name different versions', { version: 'Differs from If-Match' });
  }
  return fromHeader ?? fromBody;
}
