/**
 * A landed upload fills the pending reference it carries (shared/pending-upload.ts) in the
 * records of its site that hold it, as a save by its uploader: only when the reference is theirs
 * (pending-refs.ts), only in records they may still update, and each fill is a save like any
 * other (the record's next version, History, the activity log, webhooks). Records in the Trash and
 * records beyond the uploader's right keep the reference.
 */
import type { FastifyRequest } from 'fastify';
import type { ResourceName } from '../../shared/entities';
import { pendingRef } from '../../shared/pending-upload';
import type { Subject } from '../../shared/rights';
import { recordUpdate } from '../activity/activity-log';
import { HttpError } from '../errors';
import type { AnyDb } from '../ops/rows';
import { rightOfCaller } from '../plugins/auth';
import { serviceFor } from '../plugins/context';
import { actorOf } from '../routes/history';
import { claimPending, PICTURE_FIELDS } from './pending-refs';

export async function fillPendingReference(request: FastifyRequest, token: string, address: string): Promise<void> {
  const { database, services } = request.server.ctx;
  const appKey = request.application.app_key;
  const caller = { userId: request.user.id, tokenId: request.apiToken?.id ?? null };
  if (!(await claimPending(database.db, appKey, token, caller))) return;
  const reference = pendingRef(token);
  const db = database.db as unknown as AnyDb;
  for (const [def, fields] of PICTURE_FIELDS) {
    const scope = rightOfCaller(request, def.resource as Subject, 'update');
    if (!scope) continue;
    const holders = await db
      .selectFrom(def.table)
      .select(['id', ...fields])
      .where('app_key', '=', appKey)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or(fields.map((field) => eb(field, '=', reference))))
      .execute();
    const service = serviceFor(services, def.resource as ResourceName);
    for (const holder of holders as Record<string, unknown>[]) {
      const input = Object.fromEntries(fields.filter((field) => holder[field] === reference).map((field) => [field, address]));
      try {
        const { row, before } = await service.update(appKey, Number(holder.id), input, {
          ...actorOf(request),
          ownOnly: scope === 'own',
        });
        await recordUpdate(request, def, before, row, input);
      } catch (error) {
        // Not theirs to change (an author's colleague's post), or gone since: it keeps the reference.
        if (error instanceof HttpError && error.statusCode < 500) continue;
        throw error;
      }
    }
  }
}
