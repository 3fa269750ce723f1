/** Server settings, read once from the environment (README "Settings" lists them). */
import path from 'node:path';
import { LIMITS } from '../shared/limits';
import type { DeliveryOptions } from './webhooks/deliveries';

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
  trustProxy: boolean;
  /** Requests per minute per IP for the public writes (subscribe, contact). */
  publicWriteLimit: number;
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
    trustProxy: env.TRUST_PROXY === 'true',
    publicWriteLimit: Number(env.PUBLIC_WRITE_LIMIT ?? 10),
    seedDemo: env.SEED_DEMO !== 'false',
    activityRetentionDays: Number(env.ACTIVITY_RETENTION_DAYS ?? LIMITS.activityRetentionDays),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Website <no-reply@localhost>',
  };
}

export function isPostgres(databaseUrl: string): boolean {
  return /^postgres(ql)?:\/\//.test(databaseUrl);
}

export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.replace(/^(sqlite|file):/, '');
}
