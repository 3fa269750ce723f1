/**
 * The database as Kysely sees it. Entity tables are derived from the definitions in
 * src/shared/entities (one table per entity, a column per stored field); only the tables no
 * entity describes are written out here. tests/api/schema.test.ts checks every migrated table
 * against this, on SQLite and PostgreSQL.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ColumnValue, ENTITIES, ResourceName, StoredRowOf } from '../../shared/entities';

type Entities = typeof ENTITIES;

/** A stored row, with the id the database generates. */
type TableOf<E extends Entities[ResourceName]> = Omit<StoredRowOf<E>, 'id' | 'version'> & {
  id: Generated<number>;
  version: Generated<number>;
};

type EntityTables = { [N in ResourceName as Entities[N]['table']]: TableOf<Entities[N]> };

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
  /** Refreshed at most once a minute; a token unused for LIMITS.idleSessionDays expires. */
  last_used_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

/** One failed sign-in, counted per identifier (`id:…`) and per address (`ip:…`). */
export interface AuthFailuresTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}

/** Who did what, when, from where, on which site and record (never a secret). */
export interface ActivityTable {
  id: Generated<number>;
  created_at: string;
  user_id: number | null;
  user_name: string | null;
  action: string;
  app_key: string | null;
  entity: string | null;
  record_id: number | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON: for updates, `{field: [before, after]}`. */
  changes: string | null;
}

export interface FilesTable {
  id: Generated<number>;
  app_key: string;
  name: string;
  original_name: string | null;
  mime: string | null;
  size: number | null;
  alt: string | null;
  caption: string | null;
  folder: string | null;
  /** The focal point, 0..1 from the left and from the top; renditions are framed around it. */
  focal_x: number | null;
  focal_y: number | null;
  /** The resumable upload that brought the file. */
  upload_id: string | null;
  /** The reference (`pending-upload:…`) records saved before the file landed name. */
  pending_ref: string | null;
  /** The stored name of the file that replaced this one: its address redirects there. */
  replaced_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  app_key: string;
  key: string;
  resource: string;
  record_id: number;
  created_at: string;
  /** Hash of the request first sent with the key (null for keys stored before it was kept). */
  request_hash: string | null;
}

/** A user's TOTP secret: `pending_secret` while being set up, `secret` once a code confirmed it. */
export interface TwoFactorTable {
  user_id: number;
  secret: string | null;
  pending_secret: string | null;
  enabled_at: string | null;
  /** Time step of the last code accepted: a code is taken once (RFC 6238 §5.2). */
  last_step: number | null;
}

/** Single-use recovery codes, as SHA-256 hashes. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** One-time password reset links, as SHA-256 hashes of their tokens. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Settings changed at run time, as JSON values (security/settings.ts). */
export interface SettingsTable {
  key: string;
  value: string;
}

/** A record as it was before a save: its version, the saved fields (JSON), and who saved over it. */
export interface RevisionsTable {
  id: Generated<number>;
  app_key: string | null;
  resource: string;
  record_id: number;
  version: number;
  snapshot: string;
  created_at: string;
  user_id: number | null;
  user_name: string | null;
}

/** A headless consumer's key to one site (security/api-tokens.ts); only its hash is kept. */
export interface ApiTokensTable {
  id: Generated<number>;
  app_key: string;
  name: string;
  token_hash: string;
  role: string;
  /** 1: only the role's reads. */
  read_only: number;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  /** The admin who made it, on whose behalf it acts. */
  created_by: number;
  created_at: string;
}

/** A form open on a record: who, last seen when (marks older than a minute are ignored). */
export interface PresenceTable {
  resource: string;
  record_id: number;
  user_id: number;
  user_name: string | null;
  seen_at: string;
}

/** Changes to a record saved but not live yet (one per record), and the version they are based on. */
export interface DraftsTable {
  resource: string;
  record_id: number;
  app_key: string;
  /** JSON: the fields as the draft has them. */
  data: string;
  version: number;
  user_id: number | null;
  user_name: string | null;
  updated_at: string;
  /** The draft's review stage (migration 040); null when its author needs no review. */
  review_stage: string | null;
  /** Moved on by each save of the draft: the version a review step on it names. */
  revision: Generated<number>;
}

/** A comment in a record's review thread (issue #61, content/review.ts). */
export interface ReviewCommentsTable {
  id: Generated<number>;
  app_key: string;
  resource: string;
  record_id: number;
  /** The record's version the comment was made on. */
  version: number;
  /** The comment it answers, in the thread. */
  parent_id: number | null;
  user_id: number | null;
  user_name: string | null;
  /** The transition it came with (`request-changes`), or null for a comment alone. */
  action: string | null;
  body: string;
  created_at: string;
  /** 1 when the comment is about the record's draft (migration 040). */
  on_draft: Generated<number>;
}

/** A record's text in one of its site's other locales (content/translations.ts). */
export interface TranslationsTable {
  id: Generated<number>;
  app_key: string;
  resource: string;
  record_id: number;
  locale: string;
  /** JSON: the localized fields' text in this locale. */
  data: string;
  /** The translated slug, when the record has one there: the page's address in this locale. */
  slug: string | null;
  /** The searchable localized fields, joined: what the trigram index holds. */
  search_text: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One POST to a webhook, queued until it is sent (server/webhooks/deliveries.ts). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  app_key: string;
  event: string;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  /** An instance sending it holds it until then. */
  locked_until: string | null;
  response_status: number | null;
  error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** A newsletter as it was made when queued, in one language (server/mail/newsletter-queue.ts). */
export interface NewsletterCopiesTable {
  newsletter_id: number;
  locale: string;
  app_key: string;
  subject: string;
  html: string;
  text: string;
}

/** One recipient of one newsletter, queued until sent (server/mail/newsletter-queue.ts). */
export interface NewsletterSendsTable {
  id: Generated<number>;
  newsletter_id: number;
  app_key: string;
  subscriber_id: number;
  email: string;
  locale: string;
  /**
   * `refused`: the address's server refused it for good (5xx); `failed`: a refusal that lasted
   * every retry; `skipped`: the subscriber left (or was refused) after it was queued.
   */
  status: 'pending' | 'sent' | 'failed' | 'refused' | 'skipped';
  attempts: Generated<number>;
  next_attempt_at: string;
  /** An instance sending it holds it until then. */
  locked_until: string | null;
  /** The holder's token: its mark of "sent" lands only while it still holds the row. */
  claim: string | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** When the recipient left through this unsubscribe link. */
  unsubscribed_at: string | null;
}

/** One person told of a review step (migration 038, notifications/notifications.ts). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  app_key: string;
  kind: string;
  /** The entity's resource (`posts`). */
  entity: string;
  record_id: number;
  /** The record's title when it happened. */
  record_title: string | null;
  actor_id: number | null;
  actor_name: string | null;
  /** The opening of the comment that came with the step, if any. */
  comment: string | null;
  created_at: string;
  read_at: string | null;
  /** null (no mail), `pending`, `sending`, `sent`, `failed`. */
  mail: string | null;
  mailed_at: string | null;
}

/** A person's mail switches, one per kind (migration 038): no row is every kind on. */
export interface NotificationSettingsTable {
  user_id: number;
  mail_submitted: Generated<number>;
  mail_changes_requested: Generated<number>;
  mail_approved: Generated<number>;
  mail_published: Generated<number>;
}

/** One run of a periodic job: the claim of one instance on one period (migration 017). */
export interface JobRunsTable {
  job: string;
  period: string;
  instance: string;
  started_at: string;
  finished_at: string | null;
  error: string | null;
}

/** Who first named a pending reference: only their uploads fill it (migration 022). */
export interface PendingUploadsTable {
  app_key: string;
  token: string;
  user_id: number;
  api_token_id: number | null;
  created_at: string;
}

/** A resumable upload not finished yet, counted against its uploader's quota (migration 022). */
export interface OpenUploadsTable {
  id: string;
  app_key: string;
  user_id: number;
  size: number;
  created_at: string;
}

/** A file a visitor sent with a built form's entry, kept outside the media library (migration 036). */
export interface EntryFilesTable {
  id: Generated<number>;
  app_key: string;
  form_id: number;
  field: string;
  /** Null until the submission naming it is stored. */
  entry_id: number | null;
  upload_id: string;
  name: string;
  mime: string;
  size: number;
  storage_key: string;
  created_at: string;
}

/** How many times writes have invalidated a cache scope, on every server of one PostgreSQL (migration 024). */
export interface CacheVersionsTable {
  scope: string;
  /** A bigint: PostgreSQL's driver reads it as a string. */
  version: ColumnType<string | number, number, number>;
}

/** A public address that moved or is gone, on one site (migration 025, content/redirects.ts). */
export interface RedirectsTable {
  id: Generated<number>;
  app_key: string;
  /** The address visitors ask for: a path, its segments decoded (`/bn/আমাদের-কথা`), no query. */
  from_path: string;
  /** Where it leads (a path of the site, decoded, with an optional query); null for 410. */
  to_path: string | null;
  code: number;
  /** 1: made by a slug change or the Trash's purge, not by staff. */
  automatic: Generated<number>;
  hits: Generated<number>;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An address visitors asked for that did not exist, counted (migration 025); no personal data. */
export interface NotFoundLogTable {
  id: Generated<number>;
  app_key: string;
  path: string;
  hits: Generated<number>;
  last_seen: string;
  /** The host of the last referrer, never its path or query. */
  referrer_host: string | null;
}

/** A confirmation link mailed to a subscriber, by its token's hash (migration 026). */
export interface SubscriberConfirmationsTable {
  token_hash: string;
  app_key: string;
  subscriber_id: number;
  created_at: string;
  expires_at: string;
  /** When the link was followed: a second click says "already confirmed". */
  used_at: string | null;
}

/** The keyed hash of an address whose data was erased on request (migration 027): never the address. */
export interface ErasedPeopleTable {
  address_hash: string;
  erased_at: string;
}

/** A beacon waiting to be folded into the daily aggregates (migration 030, content/analytics.ts). */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  app_key: string;
  day: string;
  view: number;
  path: string;
  referrer: string;
  language: string;
  device: string;
  /** The day's salted hash of address and user agent. */
  visitor: string;
  lcp: number | null;
  inp: number | null;
  /** In thousandths. */
  cls: number | null;
  ttfb: number | null;
}

/**
 * Views and visitors of one day for one value of one breakdown (migration 030), or of a month that
 * is over (migration 041: its most viewed values, the rest under "(other)").
 */
export interface AnalyticsDailyTable {
  app_key: string;
  span: Generated<'day' | 'month'>;
  /** The day; a month's first day for a month. */
  day: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

/**
 * A page's field vitals on a day, or in a month that is over (migration 037): each vital's
 * histogram over the fixed buckets of shared/analytics.ts, as `bucket:count` text.
 */
export interface AnalyticsVitalsTable {
  app_key: string;
  span: 'day' | 'month';
  /** The day; a month's first day for a month. */
  day: string;
  path: string;
  lcp: Generated<string>;
  inp: Generated<string>;
  cls: Generated<string>;
  ttfb: Generated<string>;
}

/** A visitor hash already counted for a breakdown value today (migration 030); kept for its day only. */
export interface AnalyticsSeenTable {
  app_key: string;
  day: string;
  dimension: string;
  value: string;
  visitor: string;
}

/** The salt of a day's visitor hashes (migration 030); forgotten once its day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

export interface Tables extends EntityTables {
  sessions: SessionsTable;
  files: FilesTable;
  idempotency_keys: IdempotencyKeysTable;
  auth_failures: AuthFailuresTable;
  activity: ActivityTable;
  two_factor: TwoFactorTable;
  api_tokens: ApiTokensTable;
  recovery_codes: RecoveryCodesTable;
  password_resets: PasswordResetsTable;
  settings: SettingsTable;
  revisions: RevisionsTable;
  presence: PresenceTable;
  drafts: DraftsTable;
  review_comments: ReviewCommentsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  translations: TranslationsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  newsletter_copies: NewsletterCopiesTable;
  newsletter_sends: NewsletterSendsTable;
  job_runs: JobRunsTable;
  pending_uploads: PendingUploadsTable;
  open_uploads: OpenUploadsTable;
  entry_files: EntryFilesTable;
  cache_versions: CacheVersionsTable;
  redirects: RedirectsTable;
  not_found_log: NotFoundLogTable;
  subscriber_confirmations: SubscriberConfirmationsTable;
  erased_people: ErasedPeopleTable;
  analytics_events: AnalyticsEventsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_vitals: AnalyticsVitalsTable;
  analytics_seen: AnalyticsSeenTable;
  analytics_salts: AnalyticsSaltsTable;
}

export type DB = Kysely<Tables>;

/**
 * The database as code that serves every entity sees it: tables named at run time (from the
 * definitions), each a row of columns whose types the definitions, not TypeScript, know.
 */
export type LooseTables = Record<string, Record<string, ColumnValue>>;
