/**
 * Applications (the tenants). Addressed by numeric id or by app key, because the admin's
 * app-setting form lives at /admin/app-setting/form/{appKey} (spec §2.2). Admins see and manage
 * every site; anyone else reads only the sites they work on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnyRecord, type EntityDef, ENTITIES, localizedFields, type Records } from '../../shared/entities';
import { createSchema, updateSchema } from '../../shared/entities/schemas';
import { paged } from '../../shared/envelope';
import { recordActivity, recordUpdate } from '../activity/activity-log';
import { badRequest, HttpError, notFound } from '../errors';
import { askedLocale, siteLocales, translationRecord } from '../content/translations';
import { needs } from '../plugins/auth';
import { onlyVisibleSites, visibleSites } from '../plugins/tenant';
import { listQuery, localeTag, paging } from './schemas';
import { STORED_NAME } from './files';
import { historyRoutes } from './history';
import { writeOf } from './versions';
import { itemEnvelope, listEnvelope, recordSchema, translationSchema } from './response-schemas';
import { documented } from '../openapi';

const keyParams = z.object({ key: z.string().min(1).max(64) });
const def = ENTITIES.applications;
const tags = [def.title];
const doc = documented(def);
const site = recordSchema(def);
/**
 * A site's settings in one of its other languages (`?locale=`), as any record's translation is
 * read and written (routes/crud.ts): only the fields written per language, at the translation's
 * own version. The languages are the edited site's own, and so is the translation.
 */
const localeQuery = z.object({ locale: localeTag.optional() });
const translated = itemEnvelope(translationSchema(site));
const localized = localizedFields(def as EntityDef);
const inLocale = ` With \`?locale=\` (one of the site's other languages), only the fields written per language (${localized.join(', ')}), with the translation's own version.`;

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = app.ctx.services.applications;

  const db = app.ctx.database.db;

  /**
   * What a deleted site leaves (its content goes with it by the database's cascade): its files on
   * disk with their smaller copies, and its history, drafts, file records, idempotency keys and
   * queued webhook deliveries. The activity log keeps its entries: it is the record of who did what.
   */
  const eraseSite = async (appKey: string, id: number, files: string[]) => {
    await db
      .deleteFrom('revisions')
      .where((eb) => eb.or([eb('app_key', '=', appKey), eb.and([eb('resource', '=', 'applications'), eb('record_id', '=', id)])]))
      .execute();
    for (const table of ['drafts', 'files', 'idempotency_keys', 'webhook_deliveries'] as const) {
      await db.deleteFrom(table).where('app_key', '=', appKey).execute();
    }
    for (const name of files) {
      if (!STORED_NAME.test(name)) continue;
      await app.ctx.storage.remove([name]);
      await app.ctx.renditions.remove(name);
    }
  };

  const find = async (request: FastifyRequest, key: string): Promise<Records['applications']> => {
    const row = /^\d+$/.test(key) ? await service.repo.get(null, Number(key)) : await service.repo.findBy(null, 'app_key', key);
    const sites = visibleSites(request);
    // Another site is as absent as an unknown one: a user learns nothing of sites not theirs.
    if (!row || (sites && !sites.includes(row.app_key))) throw notFound('Application');
    return row;
  };
  const changed = () => {
    // Deleting an application removes its rows without going through their repositories, and
    // every kept answer may name the application: forget everything.
    app.ctx.cache.invalidate();
  };

  // Site settings have a History and presence like any record, addressed by app key.
  historyRoutes(app, 'applications', def, {
    path: '/applications/:key',
    params: keyParams,
    locate: (request) => find(request, request.params.key),
    afterRestore: changed,
  });

  api.get(
    '/applications',
    {
      config: needs('applications', 'read'),
      schema: {
        ...doc('list', 'List the sites you work on'),
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(site) },
      },
    },
    async (request) => {
      const { page, size } = paging(request.query);
      const refine = onlyVisibleSites(request);
      const { rows, total } = await service.repo.list(null, { page, size, search: request.query.search_key, refine });
      return paged(rows, page, size, total);
    },
  );

  /** The language `?locale=` asks for when it is not the site's default, checked against the site's. */
  const otherLocale = (row: Records['applications'], asked: string | undefined) => {
    const locale = askedLocale(row, asked);
    return locale === undefined || locale === siteLocales(row)[0] ? undefined : locale;
  };

  api.get(
    '/applications/:key',
    {
      config: needs('applications', 'read'),
      schema: {
        ...doc('get', 'Read a site’s settings', `\`key\` is the app key or the id.${inLocale}`),
        tags,
        params: keyParams,
        querystring: localeQuery,
        response: { 200: translated },
      },
    },
    async (request, reply) => {
      const row = await find(request, request.params.key);
      const locale = otherLocale(row, request.query.locale);
      if (!locale) return { data: row };
      const translation = await app.ctx.translations.get(def.resource, row.id, locale);
      void reply.header('ETag', `"${translation?.version ?? 0}"`);
      return { data: translationRecord(def as EntityDef, row as AnyRecord, locale, translation) };
    },
  );

  api.post(
    '/applications',
    {
      config: needs('applications', 'create'),
      schema: { ...doc('create', 'Create a site'), tags, body: createSchema(def), response: { 201: itemEnvelope(site) } },
    },
    async (request, reply) => {
      const { row } = await service.create(request.application.app_key, {
        ...writeOf(request).input,
        user_id: request.user.id,
      });
      changed();
      await recordActivity(request, { action: 'create', entity: 'applications', recordId: row.id, appKey: row.app_key });
      return reply.status(201).send({ data: row });
    },
  );

  api.put(
    '/applications/:key',
    {
      config: needs('applications', 'update'),
      schema: {
        ...doc('update', 'Update a site’s settings', 'Send the changed fields, or the settings as read.'),
        tags,
        params: keyParams,
        querystring: localeQuery,
        body: updateSchema(def),
        response: { 200: translated },
      },
    },
    async (request, reply) => {
      const existing = await find(request, request.params.key);
      const { basedOn, input } = writeOf(request, existing.id);
      const locale = otherLocale(existing, request.query.locale);
      if (locale) {
        const shared = Object.keys(input).filter(
          (field) => def.fields[field as keyof typeof def.fields] && !localized.includes(field),
        );
        if (shared.length > 0) {
          const message = `Only the fields written per language go with ?locale=${locale}: ${shared.join(', ')} ${shared.length === 1 ? 'is' : 'are'} shared`;
          throw badRequest(message, Object.fromEntries(shared.map((field) => [field, 'Shared by every language'])));
        }
        const saved = await app.ctx.translations.put(existing.app_key, def as EntityDef, existing.id, locale, input, basedOn);
        if (!saved) {
          const current = await app.ctx.translations.get(def.resource, existing.id, locale);
          throw new HttpError(
            409,
            `These settings' ${locale} text was saved by someone else since you opened them (version ${basedOn}, now ${current?.version ?? 0})`,
            { version: `Based on version ${basedOn}; the saved one is ${current?.version ?? 0}` },
            {},
            { current: translationRecord(def as EntityDef, existing as AnyRecord, locale, current) },
          );
        }
        changed();
        await recordActivity(request, {
          action: 'update',
          entity: 'applications',
          recordId: existing.id,
          appKey: existing.app_key,
          changes: {
            ...Object.fromEntries(localized.filter((f) => input[f] !== undefined).map((f) => [f, [null, input[f]]])),
            locale: [null, locale],
          },
        });
        void reply.header('ETag', `"${saved.version}"`);
        return { data: translationRecord(def as EntityDef, existing as AnyRecord, locale, saved) };
      }
      const actor = { id: request.user.id, name: request.user.name || request.user.email };
      const { row, before } = await service.update(request.application.app_key, existing.id, input, actor, basedOn);
      changed();
      await recordUpdate(request, def, before, row, input);
      return { data: row };
    },
  );

  api.delete(
    '/applications/:key',
    {
      config: needs('applications', 'delete'),
      schema: {
        ...doc('delete', 'Delete a site', 'Its content, files and history go with it; not the site you are working in.'),
        tags,
        params: keyParams,
        response: { 200: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
      },
    },
    async (request) => {
      const existing = await find(request, request.params.key);
      if (existing.app_key === request.application.app_key) {
        throw new HttpError(409, 'You cannot delete the application you are working in');
      }
      const files = await db.selectFrom('files').select('name').where('app_key', '=', existing.app_key).execute();
      await service.delete(request.application.app_key, existing.id);
      await eraseSite(
        existing.app_key,
        existing.id,
        files.map((file) => file.name),
      );
      changed();
      await recordActivity(request, {
        action: 'delete',
        entity: 'applications',
        recordId: existing.id,
        appKey: existing.app_key,
      });
      return { message: 'Application deleted', data: { id: existing.id } };
    },
  );
}
