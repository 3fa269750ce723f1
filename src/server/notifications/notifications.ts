/**
 * Notifications of review before publishing (issue #61): who is told of each step, the rows the
 * bell lists, and their mail.
 *
 * - **Who.** Submitted: the site's editors and admins, who may review it. Changes requested,
 *   approved, published: the record's author (whoever submitted it, and its owner for a post).
 *   Never the person who acted.
 * - **When.** The rows are written in the transaction of the step itself (EntityService.update's
 *   `alsoInTransaction`): a step refused, or overtaken by another save, tells nobody.
 * - **Mail.** After the commit, never before (a mail about a step that did not happen cannot be
 *   taken back), in the person's own back-office language, with a link to the record's form. A row
 *   due a mail is `pending`; whoever sends it first takes it with one conditional update
 *   (`pending` → `sending`), so on several instances, or with the upkeep's sweep running at the
 *   same moment, a mail goes once. A failure is logged and the row marked `failed`: the step
 *   has happened, and the bell still shows it.
 * - **Size.** The upkeep keeps LIMITS.notificationDays of them, and at most
 *   LIMITS.notificationsPerPerson per person.
 */
import { sql, type Transaction } from 'kysely';
import type { EntityDef, ResourceName } from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import {
  isNotificationKind,
  MAIL_ON,
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationKind,
  type NotificationMail,
} from '../../shared/notifications';
import { rightOf, ROLES, sitesOf, worksOn } from '../../shared/rights';
import { type DB, now } from '../db/database';
import type { Tables } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { notificationMail } from './notification-mail';

/** The review step that tells each kind. */
export const KIND_OF_ACTION = {
  submit: 'submitted',
  'request-changes': 'changes_requested',
  approve: 'approved',
  publish: 'published',
} as const satisfies Record<string, NotificationKind>;

const MAIL_COLUMN = {
  submitted: 'mail_submitted',
  changes_requested: 'mail_changes_requested',
  approved: 'mail_approved',
  published: 'mail_published',
} as const satisfies Record<NotificationKind, string>;

/** Pending mails the upkeep sends at once: the rest wait for its next run. */
const SWEEP_BATCH = 100;
/** A pending mail younger than this is still its step's own to send (it is on its way). */
const SWEEP_AFTER_MS = 60_000;

export interface Step {
  appKey: string;
  /** The entity, as the rights name it, and its definition. */
  name: ResourceName;
  def: EntityDef;
  recordId: number;
  /** The record as the step left it (its title is kept). */
  record: Record<string, unknown>;
  kind: NotificationKind;
  actor: { id: number; name?: string };
  comment?: string;
  /** Who submitted the record for review, if anyone did. */
  submitter: number | null;
}

interface Person {
  id: number;
  email: string | null;
}

export class Notifications {
  /** Where a failed mail is told (the server's log, once it runs). */
  onError: (error: unknown, message: string) => void = () => {};

  constructor(
    private readonly db: DB,
    private readonly mailer: Mailer,
    /** Where the back-office is, for the links in mails sent with no request at hand. */
    private readonly origin: () => string,
  ) {}

  /** Who a step tells: never the person who took it. */
  private async recipients(step: Step): Promise<Person[]> {
    const { appKey, def, kind, actor } = step;
    if (kind === 'submitted') {
      // Those who may review this entity on this site: its editors and admins, by the rights.
      const reviewers = ROLES.filter((role) => rightOf(role, step.name, 'review'));
      const people = await this.db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'sites'])
        .where('role', 'in', reviewers)
        .where('id', '!=', actor.id)
        .execute();
      return people.filter((p) => worksOn(p.role, sitesOf(p.sites), appKey));
    }
    const owner = def.ownerField ? Number(step.record[def.ownerField]) || null : null;
    const ids = [...new Set([step.submitter, owner])].filter((id): id is number => id !== null && id !== actor.id);
    if (ids.length === 0) return [];
    const people = await this.db.selectFrom('users').select(['id', 'email', 'role', 'sites']).where('id', 'in', ids).execute();
    // Someone who no longer works on the site is not told of its records.
    return people.filter((p) => worksOn(p.role, sitesOf(p.sites), appKey));
  }

  /**
   * What a step will write, read before its transaction (SQLite's one connection would be held by
   * it): a function that writes the rows inside it and answers their ids.
   */
  async prepare(step: Step): Promise<(trx: Transaction<Tables>) => Promise<number[]>> {
    const people = await this.recipients(step);
    if (people.length === 0) return async () => [];
    const switches = await this.mailSwitches(people.map((p) => p.id));
    const title = step.def.labelField ? step.record[step.def.labelField] : step.record.title;
    const at = now();
    const rows = people.map((person) => ({
      user_id: person.id,
      app_key: step.appKey,
      kind: step.kind,
      entity: step.def.resource,
      record_id: step.recordId,
      record_title: typeof title === 'string' ? title.slice(0, 255) : null,
      actor_id: step.actor.id,
      actor_name: step.actor.name?.slice(0, 255) ?? null,
      comment: step.comment ? step.comment.slice(0, LIMITS.notificationCommentLength) : null,
      created_at: at,
      read_at: null,
      mail: this.mailer.configured && person.email && switches.get(person.id)![step.kind] ? 'pending' : null,
      mailed_at: null,
    }));
    return async (trx) => (await trx.insertInto('notifications').values(rows).returning('id').execute()).map((r) => r.id);
  }

  /** Sends the mails of these rows that are still pending; never throws (a failure is logged and kept). */
  async mail(ids: readonly number[], origin = this.origin()): Promise<void> {
    for (const id of ids) {
      try {
        await this.mailOne(id, origin);
      } catch (error) {
        this.onError(error, 'A notification mail failed');
      }
    }
  }

  private async mailOne(id: number, origin: string): Promise<void> {
    // The claim: whoever moves it from pending sends it; anyone else finds nothing to do.
    const claimed = await this.db
      .updateTable('notifications')
      .set({ mail: 'sending', mailed_at: now() })
      .where('id', '=', id)
      .where('mail', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    let outcome: 'sent' | 'failed' = 'failed';
    try {
      const row = await this.db
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .leftJoin('applications', 'applications.app_key', 'notifications.app_key')
        .select([
          'notifications.kind',
          'notifications.entity',
          'notifications.record_id',
          'notifications.record_title',
          'notifications.actor_name',
          'notifications.comment',
          'users.email',
          'users.name',
          'users.language',
          'applications.name as site',
        ])
        .where('notifications.id', '=', id)
        .executeTakeFirst();
      if (!row?.email || !isNotificationKind(row.kind)) return;
      await this.mailer.send({ to: row.email, ...notificationMail({ ...row, kind: row.kind }, origin) });
      outcome = 'sent';
    } finally {
      await this.db.updateTable('notifications').set({ mail: outcome, mailed_at: now() }).where('id', '=', id).execute();
    }
  }

  /**
   * Sends what no step sent: a mail left pending by an instance that stopped between its commit
   * and its send. Only rows old enough that their own step is done with them.
   */
  async sweep(at = Date.now()): Promise<void> {
    const rows = await this.db
      .selectFrom('notifications')
      .select('id')
      .where('mail', '=', 'pending')
      .where('created_at', '<', new Date(at - SWEEP_AFTER_MS).toISOString())
      .orderBy('id')
      .limit(SWEEP_BATCH)
      .execute();
    await this.mail(rows.map((r) => r.id));
  }

  /** Forgets notifications past their days, and each person's beyond the newest they keep. */
  async prune(at = Date.now()): Promise<void> {
    const cutoff = new Date(at - LIMITS.notificationDays * 86_400_000).toISOString();
    await this.db.deleteFrom('notifications').where('created_at', '<', cutoff).execute();
    await sql`delete from notifications where id in (
      select id from (
        select id, row_number() over (partition by user_id order by id desc) as n from notifications
      ) ranked where n > ${LIMITS.notificationsPerPerson}
    )`.execute(this.db);
  }

  /** A person's notifications on a site (every site they work on when none is named), newest first. */
  async list(userId: number, appKey: string | undefined): Promise<{ items: NotificationItem[]; unread: number }> {
    let query = this.db.selectFrom('notifications').where('user_id', '=', userId);
    if (appKey) query = query.where('app_key', '=', appKey);
    const rows = await query
      .select(['id', 'kind', 'entity', 'record_id', 'record_title', 'actor_name', 'comment', 'created_at', 'read_at'])
      .orderBy('id', 'desc')
      .limit(LIMITS.notificationsListed)
      .execute();
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const items = rows.flatMap((row) => (isNotificationKind(row.kind) ? [{ ...row, kind: row.kind }] : []));
    return { items, unread: Number(counted?.n ?? 0) };
  }

  /** Marks a person's own notifications read (these ids, or all on the site); answers how many changed. */
  async markRead(userId: number, appKey: string | undefined, ids: readonly number[] | 'all'): Promise<number> {
    if (ids !== 'all' && ids.length === 0) return 0;
    let update = this.db
      .updateTable('notifications')
      .set({ read_at: now() })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (appKey) update = update.where('app_key', '=', appKey);
    if (ids !== 'all') update = update.where('id', 'in', ids);
    return Number((await update.executeTakeFirst()).numUpdatedRows);
  }

  /** Each person's mail switches (every kind on for one who never changed them). */
  async mailSwitches(userIds: readonly number[]): Promise<Map<number, NotificationMail>> {
    const found = new Map<number, NotificationMail>(userIds.map((id) => [id, { ...MAIL_ON }]));
    if (userIds.length === 0) return found;
    const rows = await this.db.selectFrom('notification_settings').selectAll().where('user_id', 'in', userIds).execute();
    for (const row of rows) {
      found.set(
        row.user_id,
        Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, row[MAIL_COLUMN[k]] === 1])) as NotificationMail,
      );
    }
    return found;
  }

  /** Changes some of a person's switches; answers them all. */
  async saveMailSwitches(userId: number, changes: Partial<NotificationMail>): Promise<NotificationMail> {
    const next = { ...(await this.mailSwitches([userId])).get(userId)!, ...changes };
    const columns = {
      mail_submitted: next.submitted ? 1 : 0,
      mail_changes_requested: next.changes_requested ? 1 : 0,
      mail_approved: next.approved ? 1 : 0,
      mail_published: next.published ? 1 : 0,
    };
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...columns })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(columns))
      .execute();
    return next;
  }
}
