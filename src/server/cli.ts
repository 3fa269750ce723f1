/**
 * `npx orgsite <command>`: what a self-hoster does from a shell, on the database of the same
 * settings as the server (environment and `.env`). Every command has `--help`; a mistake in the
 * command line exits 2, a refused action 1, success 0.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type Role, ENTITIES, ROLES } from '../shared/entities';
import { createSchema } from '../shared/entities/schemas';
import { type ServerConfig, configFromEnv, storageOf } from './config';
import { RENDITIONS_DIR } from '../shared/renditions';
import { PARTIAL_DIR } from './media/partial-uploads';
import { LocalStorage } from './storage/local';
import { openStorage } from './storage/open';
import { copyObjects, type FileStorage } from './storage/storage';
import { createContext, reposOf } from './plugins/context';
import { endSessions } from './content/user-hooks';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest, pendingMigrations } from './db/migrate';
import { seed } from './db/seed';
import { HttpError } from './errors';
import { backup, restoreLogical } from './ops/backup';
import { SecretBox, secretKeyOf } from './security/secret-box';
import { Refusal } from './ops/rows';
import { exportSite, importSite } from './ops/site-transfer';
import { mailResetLink, makeResetLink } from './security/reset-links';
import { createMailer } from './mail/mailer';
import { randomPassword } from './security/tokens';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

interface Tools {
  config: ServerConfig;
  database: Database;
  /** The uploads' storage the settings name (opened when first asked for). */
  storage: () => FileStorage;
  out: (line: string) => void;
}

interface Command {
  summary: string;
  usage: string;
  options: Options;
  /** Runs against a migrated database unless `ownDatabase` (migrate itself). */
  run(values: Values, tools: Tools, positionals: string[]): Promise<void>;
  ownDatabase?: boolean;
  /** Takes arguments besides its options (a file name). */
  positional?: boolean;
}

const text = (values: Values, name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
const required = (values: Values, name: string) => {
  const value = text(values, name);
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
};
class UsageError extends Error {}

const schemaOf = (config: ServerConfig, database: Database) =>
  database.dialect === 'postgres' ? (config.pgSchema ?? 'public') : undefined;

const installation = ({ config, database, storage }: Tools) => ({
  database,
  schema: schemaOf(config, database),
  storage: storage(),
});

/** A storage named on the command line: `s3://bucket/prefix` (with the S3_* settings) or a folder. */
const storageNamed = (where: string, config: ServerConfig): FileStorage =>
  where.startsWith('s3://')
    ? openStorage({ ...config, storage: storageOf({ ...process.env, STORAGE_URL: where }) })
    : new LocalStorage(path.resolve(where));

async function findUser(tools: Tools, email: string) {
  const { services } = createContext(tools.config, tools.database);
  const user = await services.users.repo.findBy(null, 'email', email.toLowerCase());
  if (!user) throw new Refusal(`No user has the email ${email} (orgsite user:list shows who has one)`);
  return { user, services };
}

/** A write through the same validation and rules as the API: a refusal names the field. */
function refusal(error: unknown): Refusal {
  if (error instanceof HttpError) {
    const fields = Object.entries(error.errors ?? {})
      .filter(([, message]) => !error.message.includes(String(message)))
      .map(([field, message]) => `  ${field}: ${message}`);
    return new Refusal([error.message, ...fields].join('\n'));
  }
  return error as Refusal;
}

const COMMANDS: Record<string, Command> = {
  'user:create': {
    summary: 'Create a user (an admin unless --role says otherwise)',
    usage: 'orgsite user:create --email <email> [--password <password>] [--name <name>] [--role <role>] [--sites <app keys>]',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      sites: { type: 'string' },
    },
    async run(values, tools) {
      const role = text(values, 'role') as Role;
      if (!ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      const generated = text(values, 'password') ? undefined : randomPassword();
      const password = text(values, 'password') ?? generated!;
      const input = {
        email: required(values, 'email'),
        name: text(values, 'name') ?? null,
        password,
        confirm_password: password,
        role,
        sites: text(values, 'sites') ?? null,
      };
      const parsed = createSchema(ENTITIES.users).safeParse(input);
      if (!parsed.success) {
        throw new Refusal(parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
      }
      const { services } = createContext(tools.config, tools.database);
      const { row } = await services.users.create('', parsed.data).catch((error: unknown) => {
        throw refusal(error);
      });
      tools.out(`Created ${row.email} (id ${row.id}, role ${row.role}).`);
      if (generated) tools.out(`Password (shown once): ${generated}`);
    },
  },

  'user:reset-password': {
    summary: 'Give a user a new password, or a one-time link to set one',
    usage:
      'orgsite user:reset-password --email <email> [--password <password>] [--url <site address>] [--mail] [--turn-off-two-factor]',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      url: { type: 'string' },
      mail: { type: 'boolean', default: false },
      'turn-off-two-factor': { type: 'boolean', default: false },
    },
    async run(values, tools) {
      const { user, services } = await findUser(tools, required(values, 'email'));
      const db = tools.database.db;
      if (values['turn-off-two-factor']) {
        await db.deleteFrom('two_factor').where('user_id', '=', user.id).execute();
        await db.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute();
        tools.out(`Two-factor sign-in is off for ${user.email}.`);
      }
      const password = text(values, 'password');
      if (password) {
        await services.users.update('', user.id, { password, confirm_password: password }).catch((error: unknown) => {
          throw refusal(error);
        });
        // Whoever held the old password is signed out everywhere.
        await endSessions(db, user.id);
        tools.out(`New password set for ${user.email}; their sessions have ended.`);
        return;
      }
      const mailer = createMailer(tools.config.smtpUrl, tools.config.mailFrom);
      // Refused before a link exists: a link nobody receives should not replace a working one.
      if (values.mail && !mailer.configured)
        throw new Refusal('Mail is off: set SMTP_URL (and MAIL_FROM) in .env, or leave out --mail and pass the link on yourself');
      const origin = (text(values, 'url') ?? `http://${tools.config.host}:${tools.config.port}`).replace(/\/+$/, '');
      const link = await makeResetLink(db, user.id, origin);
      const until = `until ${link.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
      if (values.mail) {
        await mailResetLink(mailer, user, link);
        tools.out(`Mailed a one-time link to ${user.email} (${until}).`);
        return;
      }
      tools.out(`One-time link for ${user.email} (${until}):`);
      tools.out(link.url);
    },
  },

  'user:list': {
    summary: 'List the users, their roles and sites',
    usage: 'orgsite user:list',
    options: {},
    async run(_values, tools) {
      const db = tools.database.db;
      const users = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'sites']).orderBy('id').execute();
      const twoFactor = new Set(
        (await db.selectFrom('two_factor').select('user_id').where('secret', 'is not', null).execute()).map((r) => r.user_id),
      );
      const rows = [
        ['id', 'email', 'name', 'role', 'sites', '2fa'],
        ...users.map((u) => [
          String(u.id),
          u.email,
          u.name ?? '',
          u.role ?? '',
          u.sites ?? (u.role === 'admin' ? 'all' : ''),
          twoFactor.has(u.id) ? 'on' : 'off',
        ]),
      ];
      const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
      for (const row of rows)
        tools.out(
          row
            .map((cell, i) => cell.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        );
    },
  },

  backup: {
    summary: 'Back up the database and the uploaded files into one .tar.gz (the server may keep running)',
    usage: 'orgsite backup [--out <file.tar.gz>] [--logical]',
    options: { out: { type: 'string' }, logical: { type: 'boolean', default: false } },
    async run(values, tools) {
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      const out = text(values, 'out') ?? path.join('backups', `orgsite-${stamp}.tar.gz`);
      await backup(tools.config, tools.database, tools.storage(), out, { logical: values.logical === true, progress: tools.out });
    },
  },

  restore: {
    summary: 'Restore a --logical backup into an empty database (SQLite or PostgreSQL), with its uploads',
    usage: 'orgsite restore <backup.tar.gz>',
    options: {},
    positional: true,
    async run(_values, tools, [file]) {
      if (!file) throw new UsageError('Name the backup to restore');
      // What was erased on request since the backup was made is erased again (content/person-data.ts).
      const { config } = tools;
      const erasures = {
        key: () => new SecretBox(secretKeyOf(config.secretKey, config.secretKeyFile)),
        file: config.erasuresFile,
      };
      await restoreLogical({ ...installation(tools), erasures }, file, tools.out);
    },
  },

  export: {
    summary: 'Export one site (content, trash, revisions, drafts and its files) into a .tar.gz',
    usage: 'orgsite export --site <app key> [--out <file.tar.gz>]',
    options: { site: { type: 'string' }, out: { type: 'string' } },
    async run(values, tools) {
      const site = required(values, 'site');
      const out = text(values, 'out') ?? `${site}-site.tar.gz`;
      await exportSite(installation(tools), site, out, tools.out);
    },
  },

  import: {
    summary: 'Import a site exported by `orgsite export` (into SQLite or PostgreSQL alike)',
    usage: 'orgsite import <file.tar.gz> [--as <app key>]',
    options: { as: { type: 'string' } },
    positional: true,
    async run(values, tools, [file]) {
      if (!file) throw new UsageError('Name the file to import');
      await importSite(installation(tools), file, { as: text(values, 'as'), progress: tools.out });
      tools.out('A running server shows it within 10 s (its caches expire), or at once after a restart.');
    },
  },

  'storage:migrate': {
    summary: 'Copy the uploaded files from one storage to another (a folder or s3://bucket/prefix); run it again to catch up',
    usage: 'orgsite storage:migrate --to <folder | s3://bucket/prefix> [--from <folder | s3://…>] [--site <app key>]',
    options: { from: { type: 'string' }, to: { type: 'string' }, site: { type: 'string' } },
    async run(values, tools) {
      const to = storageNamed(required(values, 'to'), tools.config);
      const fromSetting = text(values, 'from');
      const from = fromSetting ? storageNamed(fromSetting, tools.config) : tools.storage();
      try {
        if (from.location === to.location) throw new Refusal(`--to names the storage the files are in (${from.location})`);
        const site = text(values, 'site');
        // One site: its originals and their renditions; otherwise everything but uploads in progress.
        const names = site ? await siteFileNames(tools.database, site) : undefined;
        const owner = (key: string) =>
          key.startsWith(`${RENDITIONS_DIR}/`)
            ? key
                .split('/')
                .pop()!
                .replace(/\.(avif|webp|txt)$/, '')
            : key;
        const result = await copyObjects(from, to, {
          skip: (key) => key.startsWith(`${PARTIAL_DIR}/`) || (names !== undefined && !names.has(owner(key))),
          progress: (copied, key) => {
            if (copied % 100 === 0) tools.out(`  ${copied} copied (${key})`);
          },
        });
        tools.out(
          `Copied ${result.copied} files (${(result.bytes / 1024 / 1024).toFixed(1)} MiB) from ${from.location} to ${to.location}; ${result.kept} were there already.`,
        );
        tools.out(
          'Point STORAGE_URL (or UPLOAD_DIR) at the new storage and restart; run this again first to copy what arrived meanwhile.',
        );
      } finally {
        await to.close();
        if (fromSetting) await from.close();
      }
    },
  },

  migrate: {
    summary: 'Bring the database up to date (the server also does this when it starts)',
    usage: 'orgsite migrate',
    options: {},
    ownDatabase: true,
    async run(_values, tools) {
      const schema = schemaOf(tools.config, tools.database);
      const pending = await pendingMigrations(tools.database.db, schema);
      await migrateToLatest(tools.database.db, schema);
      tools.out(pending.length === 0 ? 'The database is up to date.' : `Ran ${pending.length}: ${pending.join(', ')}.`);
    },
  },

  'seed:demo': {
    summary: 'Add the demo site (app key APP_KEY, "demo" by default) when it is not there',
    usage: 'orgsite seed:demo',
    options: {},
    async run(_values, tools) {
      const { services } = createContext(tools.config, tools.database);
      const result = await seed(tools.database.db, reposOf(services), { ...tools.config, seedDemo: true });
      if (result.generatedPassword)
        tools.out(`Created the first admin ${tools.config.adminEmail}; password (shown once): ${result.generatedPassword}`);
      tools.out(
        result.demoSeeded
          ? `Added the demo site "${tools.config.appKey}".`
          : `The site "${tools.config.appKey}" is already there.`,
      );
    },
  },
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'Usage: orgsite <command> [options]   (orgsite <command> --help for its options)',
    '',
    ...Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    '',
    'Settings come from the environment and .env, as for the server (DATABASE_URL, DATABASE_SCHEMA …).',
  ].join('\n');
}

/** Runs one command line; answers the exit code. */
export async function runCli(
  argv: string[],
  out = (line: string) => console.log(line),
  err = (line: string) => console.error(line),
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === 'help') {
    out(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    err(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean' } },
      allowPositionals: command.positional === true,
      strict: true,
    }) as { values: Values; positionals: string[] });
  } catch (error) {
    err(`${(error as Error).message}\n\nUsage: ${command.usage}`);
    return 2;
  }
  if (values.help) {
    out(`${command.summary}.\n\nUsage: ${command.usage}`);
    return 0;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = configFromEnv();
  const database = openDatabase(config.databaseUrl, config.pgSchema);
  let storage: FileStorage | undefined;
  try {
    if (!command.ownDatabase) await migrateToLatest(database.db, schemaOf(config, database));
    await command.run(values, { config, database, storage: () => (storage ??= openStorage(config)), out }, positionals);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\n\nUsage: ${command.usage}`);
      return 2;
    }
    if (error instanceof Refusal) {
      err(error.message);
      return 1;
    }
    err(`Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await storage?.close();
    await database.close();
  }
}

/** The stored names of one site's files. */
async function siteFileNames(database: Database, appKey: string): Promise<Set<string>> {
  const site = await database.db.selectFrom('applications').select('id').where('app_key', '=', appKey).executeTakeFirst();
  if (!site) throw new Refusal(`No site has the app key "${appKey}" (the Applications screen lists them)`);
  const rows = await database.db.selectFrom('files').select('name').where('app_key', '=', appKey).execute();
  return new Set(rows.map((row) => row.name));
}
