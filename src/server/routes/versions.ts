/** The version a save is based on, and what a save based on an older one is told. */
import type { FastifyRequest } from 'fastify';
import { lastSavedBy } from '../activity/activity-log';
import { badRequest, HttpError } from '../errors';

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

/** A stale-version 409 also says who saved the record last and when, so the comparison can name them. */
export async function withSavedBy(request: FastifyRequest, entity: string, recordId: number, error: unknown): Promise<unknown> {
  if (!(error instanceof HttpError) || error.statusCode !== 409 || !('current' in error.extra)) return error;
  const savedBy = await lastSavedBy(request.server.ctx.database.db, entity, recordId);
  return new HttpError(409, error.message, error.errors, error.headers, { ...error.extra, saved_by: savedBy ?? null });
}

/**
 * A write's body, split: the version it is based on and the changes. A body may carry the record's
 * own `id` (a loaded record sent back whole); an id naming another record is a 400, since the
 * client meant to write that one. Creates pass no `recordId`: any id there is ignored.
 */
export function writeOf(
  request: FastifyRequest,
  recordId?: number,
): { basedOn: number | undefined; input: Record<string, unknown> } {
  const { id, version, ...input } = request.body as Record<string, unknown>;
  if (recordId !== undefined && id !== undefined && id !== recordId) {
    const message = `id ${String(id)} names another record than the address (${recordId})`;
    throw badRequest(message, { id: message });
  }
  return { basedOn: recordId === undefined ? undefined : basedOnVersion(request, version), input };
}
