/** Server settings, read once from the environment (README.md "Settings" lists them; docs/operations.md says what each does). */
import path from 'node:path';
import { LIMITS } from '../shared/limits';
import type { DeliveryOptions } from './webhooks/deliveries';
import { DEFAULT_NEWSLETTER_OPTIONS, type NewsletterOptions } from './mail/newsletter-options';
import { originOf } from './seo/public-origin';
import { parseS3Url, type S3Settings } from './storage/s3';

/** The local folder is UPLOAD_DIR (`uploadDir`); S3 names its bucket. */
export type StorageSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

export interface ServerConfig {
  port: number;
  host: string;
  /** `postgres://…` selects PostgreSQL; anything else is a SQLite file path. */
  databaseUrl: string;
  /** PostgreSQL schema to use (DATABASE_SCHEMA; `public` by default; tests isolate themselves in their own). */
  pgSchema?: string;
  /** The local folder uploads are kept in (the default storage, and where an S3 store's files are not). */
  uploadDir: string;
  /** Where uploads are kept: the local folder, or S3-compatible object storage (storage/storage.ts). */
  storage: StorageSettings;
  /**
   * How `/uploads/…` reaches visitors: served by this server (unset), a redirect to a public
   * address the files are also published at (an https URL), or to a signed bucket address (`signed`).
   */
  storagePublicUrl?: string;
  /** How often the upkeep runs (UPKEEP_PERIOD_MS; an hour): each period's jobs run on one instance. */
  upkeepPeriodMs: number;
  /** The built SPA; absent in API-only runs. */
  staticDir: string;
  /** The application whose site this server shows to visitors. */
  appKey: string;
  adminEmail: string;
  adminPassword?: string;
  logLevel: string;
  /**
   * Which proxies in front are believed about the client's address and scheme (X-Forwarded-For,
   * X-Forwarded-Proto): a number of hops, or their addresses (TRUST_PROXY; `true` is one hop).
   */
  trustProxy: false | number | string[];
  /** The public origin every absolute link names (PUBLIC_URL); none: see seo/public-origin.ts. */
  publicUrl?: string;
  /** The key two-factor secrets are sealed with (SECRET_KEY); none: `secretKeyFile`, made once. */
  secretKey?: string;
  secretKeyFile: string;
  /**
   * The keyed hashes of erased people's addresses, one a line (ERASURES_FILE), kept beside the key
   * and apart from the backups: an earlier backup restored later has not heard of a later erasure.
   */
  erasuresFile: string;
  /** Days a remembered session lasts after sign-in: admins' and everyone else's (ADMIN_SESSION_DAYS, SESSION_DAYS). */
  sessionDays: { admin: number; others: number };
  /** Requests per minute per IP for the public writes (subscribe, contact). */
  publicWriteLimit: number;
  /** Analytics beacons per minute per IP (BEACON_LIMIT): a reader moving through pages sends one or two a page. */
  beaconLimit: number;
  /** Requests one API token may make per minute. */
  apiTokenLimit: number;
  /** Writes (POST, PUT, PATCH, DELETE) one person's sessions may make to the admin API per minute. */
  staffWriteLimit: number;
  /** Seed the demo application on an empty database. */
  seedDemo: boolean;
  /**
   * Once the demo is seeded, make its pictures' renditions in the background, so no visitor of a
   * new install waits for an encoder (the API tests' many short-lived servers leave it off).
   */
  prepareDemoRenditions: boolean;
  /** Days the activity log keeps an entry. */
  activityRetentionDays: number;
  /** `smtp://user:pass@host:587` (or smtps://) to send mail; none sends nothing. */
  smtpUrl?: string;
  /** The sender of outgoing mail. */
  mailFrom: string;
  /** Webhook retry timing (tests shorten it); the defaults suit real receivers. */
  webhookDelivery?: Partial<DeliveryOptions>;
  /** Newsletter sending: its pace (NEWSLETTER_RATE, mails a second per instance); tests shorten its waits. */
  newsletters?: Partial<NewsletterOptions>;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve('data');
  const uploadDir = path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'site.db')}`,
    pgSchema: env.DATABASE_SCHEMA || undefined,
    uploadDir,
    storage: storageOf(env),
    storagePublicUrl: storagePublicUrlOf(env.STORAGE_PUBLIC_URL),
    upkeepPeriodMs: positiveNumber('UPKEEP_PERIOD_MS', env.UPKEEP_PERIOD_MS, 60 * 60 * 1000, 'a number of milliseconds'),
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    appKey: env.APP_KEY ?? 'demo',
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    secretKey: env.SECRET_KEY || undefined,
    secretKeyFile: path.join(dataDir, 'secret.key'),
    erasuresFile: path.resolve(env.ERASURES_FILE ?? path.join(dataDir, 'erased-people')),
    sessionDays: {
      admin: positiveNumber('ADMIN_SESSION_DAYS', env.ADMIN_SESSION_DAYS, LIMITS.adminSessionDays, 'a number of days'),
      others: positiveNumber('SESSION_DAYS', env.SESSION_DAYS, LIMITS.sessionDays, 'a number of days'),
    },
    publicWriteLimit: Number(env.PUBLIC_WRITE_LIMIT ?? 10),
    beaconLimit: positiveNumber('BEACON_LIMIT', env.BEACON_LIMIT, 120, 'a number of beacons'),
    apiTokenLimit: Number(env.API_TOKEN_RATE_LIMIT ?? 600),
    staffWriteLimit: positiveNumber(
      'STAFF_WRITE_LIMIT',
      env.STAFF_WRITE_LIMIT,
      LIMITS.staffWritesPerMinute,
      'a number of writes',
    ),
    seedDemo: env.SEED_DEMO !== 'false',
    prepareDemoRenditions: true,
    activityRetentionDays: Number(env.ACTIVITY_RETENTION_DAYS ?? LIMITS.activityRetentionDays),
    smtpUrl: env.SMTP_URL || undefined,
    webhookDelivery: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true' },
    newsletters: {
      rate: positiveNumber('NEWSLETTER_RATE', env.NEWSLETTER_RATE, DEFAULT_NEWSLETTER_OPTIONS.rate, 'a number of mails a second'),
      leaseMs: positiveNumber(
        'NEWSLETTER_LEASE_MS',
        env.NEWSLETTER_LEASE_MS,
        DEFAULT_NEWSLETTER_OPTIONS.leaseMs,
        'a number of milliseconds',
      ),
    },
    mailFrom: env.MAIL_FROM ?? 'Website <no-reply@localhost>',
  };
}

/**
 * TRUST_PROXY: `false` (nobody), a number of proxy hops in front (`true` is 1, the one reverse
 * proxy docs/operations.md sets up), or a comma-separated list of proxy addresses or CIDR ranges. Never
 * "every hop": a client could then write any address into X-Forwarded-For.
 */
export function trustedProxies(value: string | undefined): false | number | string[] {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (setting === 'true') return 1;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function positiveNumber(name: string, value: string | undefined, fallback: number, unit: string): number {
  if (!value?.trim()) return fallback;
  const number = Number(value);
  if (!(number > 0)) throw new Error(`${name} must be ${unit} above 0 (it is "${value}")`);
  return number;
}

/** STORAGE_URL: unset for the local folder (UPLOAD_DIR); `s3://bucket/prefix` with the S3_* settings. */
export function storageOf(env: NodeJS.ProcessEnv): StorageSettings {
  const url = env.STORAGE_URL?.trim();
  if (!url) return { kind: 'local' };
  return {
    kind: 's3',
    ...parseS3Url(url),
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function storagePublicUrlOf(value: string | undefined): string | undefined {
  const setting = value?.trim();
  if (!setting) return undefined;
  if (setting === 'signed') return setting;
  if (!/^https?:\/\/[^\s]+$/.test(setting))
    throw new Error(`STORAGE_PUBLIC_URL must be an http(s) address or "signed" (it is "${value}")`);
  return setting.replace(/\/+$/, '');
}

function publicUrlOf(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const origin = originOf(value);
  if (!origin) throw new Error(`PUBLIC_URL must be an http(s) address such as https://www.example.org (it is "${value}")`);
  return origin;
}

export function isPostgres(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.replace(/^(sqlite|file):/, '');
}
