/**
 * The activity log: who did what, when, from which address and browser, on which site and
 * record, and for updates which fields changed from what to what. Secrets never go in: write-only
 * fields (passwords) are left out of the changes, and tokens, codes and secrets are never passed
 * here at all.
 */
import type { FastifyRequest } from 'fastify';
import { entityByResource, type EntityDef, type ResourceName, type WebhookEvent } from '../../shared/entities';
import type { ActivityAction } from '../../shared/activity';
import { LIMITS } from '../../shared/limits';
import type { Row, WriteValues } from '../content/repository';
import { type DB, now } from '../db/database';
import { userAgent } from '../plugins/auth';
import { serviceFor } from '../plugins/context';

export interface ActivityRecord {
  action: ActivityAction;
  entity?: string;
  recordId?: number;
  /** The site concerned; by default the request's. */
  appKey?: string | null;
  /** For updates: `{field: [before, after]}`. */
  changes?: Record<string, [unknown, unknown]>;
  /** Who, when the request has no signed-in user (a failed or fresh sign-in). */
  user?: { id: number | null; name: string };
}

const DAY_MS = 86_400_000;
/** How often old entries are swept, at most. */
const PRUNE_EVERY_MS = 3_600_000;
let lastPruned = 0;

/**
 * The site an entry is filed under, which decides who reads it and which site's webhooks hear of
 * it: the one named; otherwise, for a site's content, the request's site; an account or another
 * record that belongs to no site, none (never the site an admin happens to be working in).
 */
function siteOf(request: FastifyRequest, entry: ActivityRecord): string | null {
  if (entry.appKey !== undefined) return entry.appKey;
  const def = entry.entity === undefined ? undefined : entityByResource(entry.entity);
  if (def && !def.tenant) return null;
  return request.application?.app_key ?? null;
}

export async function recordActivity(request: FastifyRequest, entry: ActivityRecord): Promise<void> {
  const db = request.server.ctx.database.db;
  const appKey = siteOf(request, entry);
  const user = entry.user ?? (request.user ? { id: request.user.id, name: request.user.name || request.user.email } : undefined);
  await db
    .insertInto('activity')
    .values({
      created_at: now(),
      user_id: user?.id ?? null,
      user_name: user?.name.slice(0, 255) ?? null,
      action: entry.action,
      app_key: appKey,
      entity: entry.entity ?? null,
      record_id: entry.recordId ?? null,
      ip: request.ip,
      user_agent: userAgent(request),
      changes: entry.changes && Object.keys(entry.changes).length > 0 ? JSON.stringify(entry.changes) : null,
    })
    .execute();
  await tellWebhooks(request, entry, appKey);
  if (Date.now() - lastPruned > PRUNE_EVERY_MS) {
    lastPruned = Date.now();
    await pruneActivity(db, (await request.server.ctx.settings.get()).activityRetentionDays);
  }
}

/** What a logged action on a site's content is, for the webhooks that listen. */
const WEBHOOK_EVENT: Partial<Record<ActivityAction, WebhookEvent>> = {
  create: 'created',
  update: 'updated',
  'settings-change': 'updated',
  trash: 'deleted',
  delete: 'deleted',
  restore: 'restored',
  publish: 'published',
  'review-submit': 'submitted',
  'review-approve': 'approved',
  'review-changes': 'returned',
};

/** A site's content (and its settings) is what webhooks follow; users, files and webhooks themselves are not. */
const followed = (entity: string | undefined): entity is ResourceName => {
  const def = entity === undefined ? undefined : entityByResource(entity);
  return Boolean(def && (def.sites || def.tenant) && def.sensitivity !== 'site-settings');
};

async function tellWebhooks(request: FastifyRequest, entry: ActivityRecord, appKey: string | null): Promise<void> {
  const event = WEBHOOK_EVENT[entry.action];
  if (!event || !appKey || !followed(entry.entity)) return;
  const { services, webhooks } = request.server.ctx;
  const record =
    entry.recordId === undefined ? null : await serviceFor(services, entry.entity).repo.get(appKey, entry.recordId, 'any');
  await webhooks.enqueue({ appKey, event, entity: entry.entity, id: entry.recordId ?? null, record: record ?? null });
}

/** Who last saved a record, and when, as the activity log tells it (for a conflict's "saved by"). */
export async function lastSavedBy(
  db: DB,
  entity: string,
  recordId: number,
): Promise<{ user_id: number | null; user_name: string | null; at: string } | undefined> {
  const row = await db
    .selectFrom('activity')
    .select(['user_id', 'user_name', 'created_at'])
    .where('entity', '=', entity)
    .where('record_id', '=', recordId)
    .where('action', 'in', ['create', 'update', 'role-change', 'settings-change'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { user_id: row.user_id, user_name: row.user_name, at: row.created_at };
}

/** Removes entries older than the retention period. */
export async function pruneActivity(db: DB, retentionDays: number = LIMITS.activityRetentionDays): Promise<number> {
  const cutoff = new Date(Date.now() - retentionDays * DAY_MS).toISOString();
  const result = await db.deleteFrom('activity').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The fields an update changed, before and after; write-only fields (secrets) are never listed. */
export function changedFields(def: EntityDef, before: Row, after: Row): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.writeOnly || field.virtual || !(name in after)) continue;
    if (before[name] !== after[name]) changes[name] = [before[name] ?? null, after[name] ?? null];
  }
  return changes;
}

/**
 * Logs an update: a change of role or of the site settings is its own action, so it can be
 * filtered for; a new password is logged as such, without any value.
 */
export async function recordUpdate(
  request: FastifyRequest,
  def: EntityDef,
  before: object,
  after: { id: number },
  input: WriteValues,
): Promise<void> {
  const changes = changedFields(def, before as Row, after as Row);
  const action: ActivityAction = 'role' in changes ? 'role-change' : def.sites ? 'settings-change' : 'update';
  // A site's settings are filed under that site, whichever site the admin was working in.
  const appKey = def.sites ? String((after as Row).app_key) : undefined;
  await recordActivity(request, { action, entity: def.resource, recordId: Number(after.id), changes, appKey });
  if (input.password)
    await recordActivity(request, { action: 'password-change', entity: def.resource, recordId: Number(after.id), appKey });
}
