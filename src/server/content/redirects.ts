/**
 * Redirects and the 404 log (issue #58, migration 025). A site's public address that moved leads
 * to where it went (301, or 302 for staff's temporary ones); one whose record was purged from the
 * Trash is 410 Gone. Slug changes make them (`moved`), in every language of the site, and the
 * Trash's purge (`gone`); staff add, edit, import and export them. A chain is collapsed as it
 * forms (A→B then B→C leaves A→C and B→C), and an address a record takes again stops redirecting.
 *
 * Answered by the page route (plugins/spa.ts) only when no live record holds the address, and kept
 * as any page is until the next write to the site. Hits and 404s are counted in memory and written
 * in batches: a flood of requests costs one statement per distinct address per flush, and the 404
 * log keeps at most NOT_FOUND_ROWS addresses per site (the least recently seen go first). No IP
 * address, referrer path or query is ever kept.
 */
import { sql } from 'kysely';
import type { EntityDef } from '../../shared/entities';
import { isPageAddress } from '../../shared/address-space';
import { localesOf } from '../../shared/locales';
import { type DB, isUniqueViolation, now } from '../db/database';
import { HttpError } from '../errors';
import type { Repository } from './repository';
import type { Translations } from './translations';
import { forVisitors } from './visibility';

export const REDIRECT_CODES = [301, 302, 410] as const;
export type RedirectCode = (typeof REDIRECT_CODES)[number];

/** The 404 log's bound per site; beyond it, the least recently seen addresses are dropped. */
export const NOT_FOUND_ROWS = 1000;
/** Distinct addresses held in memory between two flushes: a flood of new ones waits for the next. */
const PENDING_LIMIT = 2000;
const FLUSH_EVERY_MS = 5000;
const MAX_PATH = 500;
// eslint-disable-next-line no-control-regex -- what a browser drops or a header cannot carry
const CONTROL = /[\u0000-\u001f\u007f]/;

export interface RedirectInput {
  from: string;
  to?: string | null;
  code: number;
}

/** A redirect as checked: its `from` and `to` in the one spelling they are stored and compared in. */
export interface CheckedRedirect {
  from: string;
  to: string | null;
  code: RedirectCode;
}

/** What a page address is answered with instead of a 404. */
export interface RedirectAnswer {
  from: string;
  code: RedirectCode;
  /** The language the address is in (its prefix, or the site's default), and where its home page is. */
  locale: string;
  home: string;
  /** The Location header's value: an encoded path of this site; none for 410. */
  location?: string;
}

/**
 * A path with each segment decoded and NFC-normalised, without a trailing slash: the one spelling
 * a stored address and a request's path are compared in (a Bangla slug arrives percent-encoded).
 */
export function decodedPath(path: string): string | undefined {
  try {
    const decoded = path
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/')
      .normalize('NFC');
    return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded;
  } catch {
    return undefined;
  }
}

/** `to` as a Location: its path percent-encoded, its query kept, always a path of this site. */
export function locationOf(to: string): string {
  const url = new URL(to, 'http://site.invalid');
  return url.pathname + url.search + url.hash;
}

const splitQuery = (text: string) => {
  const at = text.search(/[?#]/);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at)];
};

/** What is wrong with an address as a path of this site, or undefined. */
function pathProblem(text: string): string | undefined {
  if (text === '') return 'is required';
  if (text.length > MAX_PATH) return `must be at most ${MAX_PATH} characters`;
  if (CONTROL.test(text)) return 'must not contain control characters';
  if (text.includes('\\')) return 'must not contain backslashes';
  if (!text.startsWith('/') || text.startsWith('//'))
    return 'must be a path of this site starting with one /, not another site’s address';
  return undefined;
}

/**
 * Checks one redirect as staff or a CSV row gives it: the field that is wrong and why, or the
 * redirect in its stored spelling. A loop onto itself is refused here; one through other
 * redirects by `plan`.
 */
export function checkRedirect(input: {
  from?: unknown;
  to?: unknown;
  code?: unknown;
}): { redirect: CheckedRedirect } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const code = Number(input.code);
  if (!(REDIRECT_CODES as readonly number[]).includes(code) || String(input.code ?? '').trim() === '')
    errors.code = 'must be 301, 302 or 410';
  const fromText = typeof input.from === 'string' ? input.from.trim() : '';
  let from: string | undefined;
  const fromProblem = pathProblem(fromText);
  if (fromProblem) errors.from = fromProblem;
  else if (/[?#]/.test(fromText)) errors.from = 'is a path without ?query or #anchor';
  else if ((from = decodedPath(fromText)) === undefined) errors.from = 'is not a valid address';
  else if (from === '/') errors.from = 'cannot be the home page';
  else if (!isPageAddress(from)) errors.from = 'is an address the site itself answers (/admin, /cms, /uploads …)';
  const toText = typeof input.to === 'string' ? input.to.trim() : '';
  let to: string | null = null;
  if (code === 410) {
    if (toText !== '') errors.to = 'must be empty for 410 Gone: it leads nowhere';
  } else {
    const toProblem = pathProblem(toText);
    const [path, rest] = splitQuery(toText);
    const decoded = toProblem ? undefined : decodedPath(path!);
    if (toProblem) errors.to = toProblem;
    else if (decoded === undefined) errors.to = 'is not a valid address';
    else if (from !== undefined && decoded === from) errors.to = 'leads back to “from”: a redirect cannot loop';
    else to = decoded + rest;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { redirect: { from: from!, to, code: code as RedirectCode } };
}

/** The host of a Referer header, never its path or query; none for what is not a URL. */
function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).host.slice(0, 255) || null;
  } catch {
    return null;
  }
}

/** The path part of a stored `to` (without its query), which another redirect's `from` may be. */
const pathOf = (to: string | null) => (to === null ? null : splitQuery(to)[0]!);

/** A public entity's address pattern, when its records have one each (`/news/:slug`). */
const addressPattern = (def: EntityDef) => (def.slug && def.public?.path?.includes(':slug') ? def.public.path : undefined);

interface Pending {
  appKey: string;
  key: string;
  count: number;
  last: string;
  referrer?: string | null;
}

export class Redirects {
  private readonly hits = new Map<string, Pending>();
  private readonly missing = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DB,
    private readonly translations: Translations,
    /** The repository of each entity (given after the services exist). */
    private readonly repoOf: (def: EntityDef) => Repository,
    /** Makes every server forget what it keeps of a site (a write made outside a route: the Trash's purge). */
    private readonly forgetSite: (appKey: string) => void,
    private readonly definitions: readonly EntityDef[],
  ) {}

  // ── Answering ─────────────────────────────────────────────────────────────

  /** The site's locales, the default first. */
  private async localesOf(appKey: string): Promise<string[]> {
    const site = await this.db.selectFrom('applications').select('locales').where('app_key', '=', appKey).executeTakeFirst();
    return localesOf(typeof site?.locales === 'string' ? site.locales : null);
  }

  /** Whether a record visitors may see is at `path` (in any language of the site). */
  private async holds(appKey: string, path: string): Promise<boolean> {
    const locales = await this.localesOf(appKey);
    const [, first = '', ...rest] = path.split('/');
    const inOther = locales.indexOf(first) > 0;
    const own = inOther ? `/${rest.join('/')}` : path;
    for (const def of this.definitions) {
      const pattern = addressPattern(def);
      if (!pattern) continue;
      const [before, after] = pattern.split(':slug') as [string, string];
      if (!own.startsWith(before) || !own.endsWith(after)) continue;
      const slug = own.slice(before.length, own.length - after.length);
      if (slug === '' || slug.includes('/')) continue;
      const repo = this.repoOf(def);
      if (await repo.first(appKey, forVisitors(def, { [def.slug!.field]: slug }))) return true;
      if (def.fields[def.slug!.field]?.localized) {
        const id = await this.translations.recordWithSlug(appKey, def.resource, slug);
        if (id !== undefined && (await repo.first(appKey, forVisitors(def, { id })))) return true;
      }
    }
    return false;
  }

  /**
   * What a page address is answered with instead of being drawn: its redirect, when it has one and
   * no live record holds the address (a page made again at an old address wins over its redirect).
   */
  async answerFor(appKey: string, url: string): Promise<RedirectAnswer | undefined> {
    const from = decodedPath(splitQuery(url)[0]!);
    if (from === undefined || from === '/' || from.length > MAX_PATH) return undefined;
    const row = await this.db
      .selectFrom('redirects')
      .select(['to_path', 'code'])
      .where('app_key', '=', appKey)
      .where('from_path', '=', from)
      .executeTakeFirst();
    if (!row || (await this.holds(appKey, from))) return undefined;
    const locales = await this.localesOf(appKey);
    const first = from.split('/')[1] ?? '';
    const inOther = locales.indexOf(first) > 0;
    const at = { locale: inOther ? first : locales[0]!, home: inOther ? `/${first}/` : '/' };
    const code = row.code as RedirectCode;
    if (code === 410 || row.to_path === null) return { from, code: 410, ...at };
    return { from, code, ...at, location: locationOf(row.to_path) };
  }

  /** Counts one answer of a redirect (written with the next flush). */
  hit(appKey: string, from: string): void {
    this.note(this.hits, appKey, from);
  }

  /** Counts a visitor's 404 at `url` (its path only) and the referrer's host (never its path). */
  notFound(appKey: string, url: string, referrer: string | undefined): void {
    const path = decodedPath(splitQuery(url)[0]!);
    if (path === undefined || path.length > MAX_PATH || CONTROL.test(path)) return;
    this.note(this.missing, appKey, path, referrerHost(referrer));
  }

  private note(into: Map<string, Pending>, appKey: string, key: string, referrer?: string | null): void {
    const id = `${appKey}\u0000${key}`;
    const pending = into.get(id);
    const last = now();
    if (pending) {
      pending.count += 1;
      pending.last = last;
      if (referrer) pending.referrer = referrer;
    } else if (into.size < PENDING_LIMIT) into.set(id, { appKey, key, count: 1, last, referrer });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => {});
    }, FLUSH_EVERY_MS).unref();
  }

  /** Writes the counted hits and 404s; the lists and the server's close call it too. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const hits = [...this.hits.values()];
    const missing = [...this.missing.values()];
    this.hits.clear();
    this.missing.clear();
    for (const hit of hits) {
      await this.db
        .updateTable('redirects')
        .set({ hits: sql<number>`hits + ${hit.count}`, last_hit_at: hit.last })
        .where('app_key', '=', hit.appKey)
        .where('from_path', '=', hit.key)
        .execute();
    }
    const sites = new Set<string>();
    for (const miss of missing) {
      sites.add(miss.appKey);
      await this.db
        .insertInto('not_found_log')
        .values({
          app_key: miss.appKey,
          path: miss.key,
          hits: miss.count,
          last_seen: miss.last,
          referrer_host: miss.referrer ?? null,
        })
        .onConflict((oc) =>
          oc.columns(['app_key', 'path']).doUpdateSet({
            hits: sql<number>`not_found_log.hits + ${miss.count}`,
            last_seen: miss.last,
            referrer_host: sql<string | null>`coalesce(${miss.referrer ?? null}, not_found_log.referrer_host)`,
          }),
        )
        .execute()
        .catch((error: unknown) => {
          // The site was deleted meanwhile: its 404s go with it.
          if (!String((error as Error).message).match(/foreign key/i)) throw error;
        });
    }
    for (const appKey of sites) {
      const keep = this.db
        .selectFrom('not_found_log')
        .select('id')
        .where('app_key', '=', appKey)
        .orderBy('last_seen', 'desc')
        .orderBy('id', 'desc')
        .limit(NOT_FOUND_ROWS);
      await this.db
        .deleteFrom('not_found_log')
        .where('app_key', '=', appKey)
        .where('id', 'not in', (eb) => eb.selectFrom(keep.as('kept')).select('kept.id'))
        .execute();
    }
  }

  /** Stops the flush timer and writes what is counted (the server closing). */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  // ── Made by writes ────────────────────────────────────────────────────────

  /** Whether `def`'s records each have a public address (a slug in their path). */
  hasAddress(def: EntityDef): boolean {
    return addressPattern(def) !== undefined;
  }

  /** A record's public address in each language of its site: its translated slug there, or its own. */
  async addressesOf(appKey: string, def: EntityDef, row: Record<string, unknown>): Promise<Map<string, string>> {
    const pattern = addressPattern(def);
    const addresses = new Map<string, string>();
    const own = row[def.slug?.field ?? ''];
    if (!pattern || typeof own !== 'string' || own === '') return addresses;
    const locales = await this.localesOf(appKey);
    const translated =
      locales.length > 1
        ? ((await this.translations.slugsOf(def.resource, [Number(row.id)])).get(Number(row.id)) ??
          new Map<string, string | null>())
        : new Map<string, string | null>();
    locales.forEach((locale, index) => {
      const slug = index === 0 ? own : translated.get(locale) || own;
      const path = decodedPath(pattern.replace(':slug', slug));
      if (path) addresses.set(locale, index === 0 ? path : `/${locale}${path}`);
    });
    return addresses;
  }

  /**
   * A record's addresses changed (its slug, a translation's slug): each old one leads to the new
   * one in its language, what led to the old one leads to the new one (no chain), and a redirect
   * from an address the record now holds is dropped (no loop after a rename back).
   */
  async moved(appKey: string, before: Map<string, string>, after: Map<string, string>): Promise<void> {
    const moves = [...after].flatMap(([locale, to]) => {
      const from = before.get(locale);
      return from !== undefined && from !== to ? [[from, to] as const] : [];
    });
    if (moves.length === 0) return;
    const stamp = now();
    await this.db.transaction().execute(async (trx) => {
      for (const [from, to] of moves) {
        await trx.deleteFrom('redirects').where('app_key', '=', appKey).where('from_path', '=', to).execute();
        await trx
          .updateTable('redirects')
          .set({ to_path: to, updated_at: stamp })
          .where('app_key', '=', appKey)
          .where('to_path', '=', from)
          .execute();
        await trx
          .insertInto('redirects')
          .values({
            app_key: appKey,
            from_path: from,
            to_path: to,
            code: 301,
            automatic: 1,
            created_at: stamp,
            updated_at: stamp,
          })
          .onConflict((oc) => oc.columns(['app_key', 'from_path']).doUpdateSet({ to_path: to, code: 301, updated_at: stamp }))
          .execute();
      }
    });
  }

  /** Records purged for good: their addresses, and every redirect to them, are 410 Gone. */
  async gone(appKey: string, addresses: readonly string[]): Promise<void> {
    if (addresses.length === 0) return;
    const stamp = now();
    await this.db.transaction().execute(async (trx) => {
      for (const address of addresses) {
        await trx
          .updateTable('redirects')
          .set({ to_path: null, code: 410, updated_at: stamp })
          .where('app_key', '=', appKey)
          .where('to_path', '=', address)
          .execute();
        await trx
          .insertInto('redirects')
          .values({
            app_key: appKey,
            from_path: address,
            to_path: null,
            code: 410,
            automatic: 1,
            created_at: stamp,
            updated_at: stamp,
          })
          .onConflict((oc) => oc.columns(['app_key', 'from_path']).doUpdateSet({ to_path: null, code: 410, updated_at: stamp }))
          .execute();
      }
    });
    this.forgetSite(appKey);
  }

  // ── Managed by staff ──────────────────────────────────────────────────────

  /**
   * Applies redirects staff give (one, or a CSV's rows) in one transaction: each `to` is followed
   * through the redirects there will be (so A→B with B→C stores A→C), what led to a `from` leads
   * where it leads now, and a loop is refused naming `to` (with the row's line, for an import).
   * `replacing`: the id of the row an edit changes; `overwrite`: a `from` another row has replaces
   * it (an import) rather than being refused.
   */
  async apply(
    appKey: string,
    rows: readonly { redirect: CheckedRedirect; line?: number }[],
    { replacing, overwrite = false }: { replacing?: number; overwrite?: boolean } = {},
  ): Promise<number[]> {
    const stamp = now();
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('redirects')
        .select(['id', 'from_path', 'to_path', 'code'])
        .where('app_key', '=', appKey)
        .execute();
      if (!overwrite) {
        const taken = rows.find(({ redirect }) =>
          existing.some((row) => row.from_path === redirect.from && row.id !== replacing),
        );
        if (taken)
          throw new HttpError(409, `A redirect from ${taken.redirect.from} exists already: edit it`, {
            from: 'Another redirect has this address',
          });
      }
      const targets = new Map(existing.filter((row) => row.id !== replacing).map((row) => [row.from_path, row.to_path]));
      for (const { redirect } of rows) targets.set(redirect.from, redirect.to);
      const refuse = (line: number | undefined, text: string): never => {
        throw new HttpError(400, line === undefined ? `to: ${text}` : `Line ${line}: to: ${text}`, {
          ...(line === undefined ? {} : { line: String(line) }),
          to: line === undefined ? text : `Line ${line}: ${text}`,
        });
      };
      /** Where `to` leads at the end of its chain; a loop back to `from` is refused. */
      const resolve = (from: string, to: string | null, line?: number): string | null => {
        const seen = new Set([from]);
        let current = to;
        for (let next = pathOf(current); next !== null && targets.has(next); next = pathOf(current)) {
          if (seen.has(next)) refuse(line, `leads back to ${from} through other redirects: a redirect cannot loop`);
          seen.add(next);
          current = targets.get(next)!;
        }
        return current;
      };
      const resolved = rows.map(({ redirect, line }) => ({ ...redirect, to: resolve(redirect.from, redirect.to, line) }));
      const ids: number[] = [];
      try {
        for (const { from, to, code } of resolved) {
          const finalCode = to === null ? 410 : code;
          await trx
            .updateTable('redirects')
            .set({ to_path: to, code: finalCode, updated_at: stamp })
            .where('app_key', '=', appKey)
            .where('to_path', '=', from)
            .execute();
          if (replacing !== undefined) {
            // An edit keeps its row: its id, hits and last hit.
            await trx
              .updateTable('redirects')
              .set({ from_path: from, to_path: to, code: finalCode, automatic: 0, updated_at: stamp })
              .where('app_key', '=', appKey)
              .where('id', '=', replacing)
              .execute();
            ids.push(replacing);
            continue;
          }
          const row = await trx
            .insertInto('redirects')
            .values({
              app_key: appKey,
              from_path: from,
              to_path: to,
              code: finalCode,
              automatic: 0,
              created_at: stamp,
              updated_at: stamp,
            })
            .onConflict((oc) =>
              oc.columns(['app_key', 'from_path']).doUpdateSet({ to_path: to, code: finalCode, automatic: 0, updated_at: stamp }),
            )
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(row.id);
        }
        // An address given a redirect is no longer one to fix.
        if (resolved.length > 0) {
          await trx
            .deleteFrom('not_found_log')
            .where('app_key', '=', appKey)
            .where(
              'path',
              'in',
              resolved.map((row) => row.from),
            )
            .execute();
        }
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, 'Another redirect has this “from”', { from: 'Another redirect has this address' });
        throw error;
      }
      return ids;
    });
  }
}
