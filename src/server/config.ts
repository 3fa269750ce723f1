/** Server settings, read once from the environment (README "Settings" lists them). */
import path from 'node:path';
import { LIMITS } from '../shared/limits';
import type { DeliveryOptions } from './webhooks/deliveries';
import { originOf } from './seo/public-origin';

export interface ServerConfig {
  port: number;
  host: string;
  /** `postgres://…` selects PostgreSQL; anything else is a SQLite file path. */
  databaseUrl: string;
  /** PostgreSQL schema to use (DATABASE_SCHEMA; `public` by default; tests isolate themselves in their own). */
  pgSchema?: string;
  uploadDir: string;
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
  /** Days a remembered session lasts after sign-in: admins' and everyone else's (ADMIN_SESSION_DAYS, SESSION_DAYS). */
  sessionDays: { admin: number; others: number };
  /** Requests per minute per IP for the public writes (subscribe, contact). */
  publicWriteLimit: number;
  /** Requests one API token may make per minute. */
  apiTokenLimit: number;
  /** Seed the demo application on an empty database. */
  seedDemo: boolean;
  /** Days the activity log keeps an entry. */
  activityRetentionDays: number;
  /** `smtp://user:pass@host:587` (or smtps://) to send mail; none sends nothing. */
  smtpUrl?: string;
  /** The sender of outgoing mail. */
  mailFrom: string;
  /** Webhook retry timing (tests shorten it); the defaults suit real receivers. */
  webhookDelivery?: Partial<DeliveryOptions>;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve('data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'site.db')}`,
    pgSchema: env.DATABASE_SCHEMA || undefined,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    staticDir: path.resolve(env.STATIC_DIR ?? 'dist'),
    appKey: env.APP_KEY ?? 'demo',
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustedProxies(env.TRUST_PROXY),
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    secretKey: env.SECRET_KEY || undefined,
    secretKeyFile: path.join(dataDir, 'secret.key'),
    sessionDays: {
      admin: positiveNumber('ADMIN_SESSION_DAYS', env.ADMIN_SESSION_DAYS, LIMITS.adminSessionDays),
      others: positiveNumber('SESSION_DAYS', env.SESSION_DAYS, LIMITS.sessionDays),
    },
    publicWriteLimit: Number(env.PUBLIC_WRITE_LIMIT ?? 10),
    apiTokenLimit: Number(env.API_TOKEN_RATE_LIMIT ?? 600),
    seedDemo: env.SEED_DEMO !== 'false',
    activityRetentionDays: Number(env.ACTIVITY_RETENTION_DAYS ?? LIMITS.activityRetentionDays),
    smtpUrl: env.SMTP_URL || undefined,
    webhookDelivery: { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true' },
    mailFrom: env.MAIL_FROM ?? 'Website <no-reply@localhost>',
  };
}

/**
 * TRUST_PROXY: `false` (nobody), a number of proxy hops in front (`true` is 1, the one reverse
 * proxy the README sets up), or a comma-separated list of proxy addresses or CIDR ranges. Never
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

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  const number = Number(value);
  if (!(number > 0)) throw new Error(`${name} must be a number of days above 0 (it is "${value}")`);
  return number;
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
