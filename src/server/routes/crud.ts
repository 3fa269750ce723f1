/**
 * ONE router for every admin entity: list / get / create / update / delete under
 * /cms/api/{resource}, with request schemas built from the entity definition.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type EntityDef,
  ENTITIES,
  hasTrash,
  isPublishable,
  localizedFields,
  publicPathOf,
  readableColumns,
  type ResourceName,
} from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import { createSchema, updateSchema } from '../../shared/entities/schemas';
import { paged } from '../../shared/envelope';
import { recordActivity, recordUpdate } from '../activity/activity-log';
import { needs } from '../plugins/auth';
import { serviceFor } from '../plugins/context';
import { badRequest, HttpError, notFound } from '../errors';
import { askedLocale, siteLocales, translationRecord } from '../content/translations';
import {
  csvAnswer,
  itemEnvelope,
  type JsonSchema,
  listEnvelope,
  messageAnswer,
  nullableObject,
  nullable,
  recordSchema,
  translationSchema,
} from './response-schemas';
import { documented, withArticle } from '../openapi';
import { sendCsv } from '../content/csv';
import { discardDraft, getDraft, saveDraft } from '../content/drafts';
import { draftStageOnSave, mustPassReview, reviewSettingOf, type Stage } from '../content/review';
import { eraseExpiredTrash } from '../content/trash';
import { actorOf, historyRoutes } from './history';
import { idParams, listQuery, localeTag, paging } from './schemas';
import type { Select } from '../content/repository';
import { acceptSiteInBody } from './site-in-body';
import { withSavedBy, writeOf } from './versions';
import { siteOrigin } from '../seo/origin';
import { reviewRoutes } from './review';

const previewLink = { type: 'object', properties: { url: { type: 'string' }, expires_at: { type: 'string' } } };
const deleted = itemEnvelope({ type: 'object', properties: { id: { type: 'integer' } } });
/** A create's Idempotency-Key, scoped to the signed-in user who sent it. */
const idempotencyOf = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? { key, caller: `user-${request.user.id}` } : undefined;
};

const idempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(200).optional() });

/** `?permanent=1` erases instead of moving to the Trash. */
const deleteQuery = z.object({
  permanent: z
    .enum(['0', '1', 'true', 'false'], { error: 'permanent must be 1 or 0' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

export async function crudRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  /** Drafts of live content, publishing them, and preview links that show them on the public site. */
  const draftRoutes = (name: ResourceName, def: EntityDef) => {
    const service = serviceFor(app.ctx.services, name);
    const tags = [def.title];
    const doc = documented(def);
    const label = def.formTitle.toLowerCase();
    const aLabel = withArticle(label);
    const draftAnswer = nullableObject({
      data: recordSchema(def),
      version: { type: 'integer' },
      user_id: nullable('integer'),
      user_name: nullable('string'),
      updated_at: { type: 'string' },
      review_stage: nullable('string'),
      revision: { type: 'integer' },
    });
    const appKeyOf = (request: FastifyRequest) => request.application.app_key;
    const draftOf = async (request: FastifyRequest<{ Params: { id: number } }>) => {
      await service.forWrite(appKeyOf(request), request.params.id, actorOf(request));
      return getDraft(db, def.resource, request.params.id);
    };

    api.get(
      `/${def.resource}/:id/draft`,
      {
        config: needs(name, 'update'),
        schema: {
          ...doc('draft.get', `Read ${aLabel}'s draft`),
          tags,
          params: idParams,
          response: { 200: itemEnvelope(draftAnswer) },
        },
      },
      async (request) => ({ data: (await draftOf(request)) ?? null }),
    );

    api.put(
      `/${def.resource}/:id/draft`,
      {
        config: needs(name, 'update'),
        preValidation: acceptSiteInBody,
        schema: {
          ...doc(
            'draft.save',
            `Save ${aLabel}'s draft`,
            'Visitors keep seeing the published version until the draft is published.',
          ),
          tags,
          params: idParams,
          body: updateSchema(def),
          response: { 200: itemEnvelope(draftAnswer) },
        },
      },
      async (request) => {
        const write = writeOf(request, request.params.id);
        const input = write.input;
        const record = await service.forWrite(appKeyOf(request), request.params.id, actorOf(request));
        const earlier = await getDraft(db, def.resource, request.params.id);
        // The version the draft's author was looking at: named by the request, else the one the
        // draft already had, else the record as it is now.
        const basedOn = write.basedOn ?? earlier?.version ?? record.version;
        const target = { resource: def.resource, recordId: record.id, appKey: appKeyOf(request) };
        // On a site under review the draft has a stage of its own (routes/review.ts moves it on).
        const reviewed = def.review
          ? mustPassReview((await reviewSettingOf(db, target.appKey)).review, actorOf(request).role)
          : false;
        const stage = def.review ? draftStageOnSave(reviewed, (earlier?.review_stage ?? null) as Stage) : null;
        const draft = await saveDraft(db, target, { ...earlier?.data, ...input }, basedOn, actorOf(request), stage);
        return { message: 'Draft saved: visitors still see the published version', data: draft };
      },
    );

    api.delete(
      `/${def.resource}/:id/draft`,
      {
        config: needs(name, 'update'),
        schema: {
          ...doc('draft.discard', `Discard ${aLabel}'s draft`),
          tags,
          params: idParams,
          response: { 200: messageAnswer },
        },
      },
      async (request) => {
        await service.forWrite(appKeyOf(request), request.params.id, actorOf(request));
        if (!(await discardDraft(db, def.resource, request.params.id))) throw notFound('Draft');
        return { message: 'Draft discarded' };
      },
    );

    api.post(
      `/${def.resource}/:id/publish`,
      {
        config: needs(name, 'update'),
        schema: {
          ...doc('publish', `Publish ${aLabel}'s draft`),
          tags,
          params: idParams,
          response: { 200: itemEnvelope(recordSchema(def)) },
        },
      },
      async (request, reply) => {
        const draft = await draftOf(request);
        if (!draft) throw notFound('Draft');
        const { row, before } = await service
          .update(appKeyOf(request), request.params.id, draft.data, actorOf(request), draft.version)
          .catch(async (error: unknown) => {
            throw await withSavedBy(request, name, request.params.id, error);
          });
        await discardDraft(db, def.resource, row.id, draft);
        await recordUpdate(request, def, before, row, draft.data);
        await recordActivity(request, { action: 'publish', entity: name, recordId: row.id });
        void reply.header('ETag', `"${row.version}"`);
        return { message: `${def.formTitle} published`, data: row };
      },
    );

    // A preview link opens the record where the site shows it (the definition's public block).
    if (def.public?.preview)
      api.post(
        `/${def.resource}/:id/preview-link`,
        {
          config: needs(name, 'update'),
          schema: {
            ...doc(
              'previewLink',
              `Make a preview link for ${aLabel}`,
              'The link shows the draft (or the record) on the public site, for a limited time.',
            ),
            tags,
            params: idParams,
            response: {
              200: { type: 'object', properties: { url: { type: 'string' }, expires_at: { type: 'string' }, data: previewLink } },
            },
          },
        },
        async (request) => {
          const record = await service.forWrite(appKeyOf(request), request.params.id, actorOf(request));
          const draft = await getDraft(db, def.resource, record.id);
          // Where the public site shows it (its definition's public path), as its draft has it.
          const path = publicPathOf(def, { ...record, ...draft?.data });
          if (!path)
            throw badRequest(`This ${label} has no address on the site yet: give it a slug`, { slug: 'Required for a preview' });
          const { token, expiresAt } = await app.ctx.previews.make({ resource: def.resource, id: record.id });
          const url = `${siteOrigin(request)}${path}?preview=${token}`;
          return { url, expires_at: expiresAt.toISOString(), data: { url, expires_at: expiresAt.toISOString() } };
        },
      );
  };

  for (const [name, def] of Object.entries(ENTITIES) as [ResourceName, EntityDef][]) {
    if (def.sites) continue; // keyed by app key too: routes/applications.ts
    const service = serviceFor(app.ctx.services, name);
    const appKeyOf = (request: { application: { app_key: string } }) => request.application.app_key;
    const tags = [def.title];
    const record = recordSchema(def);
    const one = { 200: itemEnvelope(record) };
    const doc = documented(def);
    const label = def.formTitle.toLowerCase();
    const aLabel = withArticle(label);
    const plural = def.title.toLowerCase();

    const localized = localizedFields(def);
    /** A record's public addresses before a translation's slug changes, and what follows once it has (content/redirects.ts). */
    const followsAddresses = app.ctx.redirects.hasAddress(def) && localized.includes(def.slug?.field ?? '');
    const addressesOf = async (appKey: string, row: Record<string, unknown>) =>
      followsAddresses ? app.ctx.redirects.addressesOf(appKey, def, row) : undefined;
    const addressesMoved = async (appKey: string, row: Record<string, unknown>, before: Map<string, string> | undefined) => {
      if (before) await app.ctx.redirects.moved(appKey, before, (await addressesOf(appKey, row))!);
    };
    /** A listed record of a localized entity, with the languages besides the default it is written in. */
    const listedInLocales = (schema: JsonSchema): JsonSchema => ({
      ...schema,
      properties: {
        ...(schema as { properties: object }).properties,
        translations: {
          type: 'array',
          items: { type: 'string' },
          description: "The site's other languages this record is written in (a site in several languages)",
        },
      },
    });
    /** The locale a read or write names (`?locale=`), when it is not the site's default: the default is the record itself. */
    const otherLocale = (request: FastifyRequest) => {
      const site = request.application;
      const locale = askedLocale(site, (request.query as { locale?: string }).locale);
      return locale === undefined || locale === siteLocales(site)[0] ? undefined : locale;
    };
    const localeQuery = z.object(localized.length ? { locale: localeTag.optional() } : {});
    const translated = { 200: itemEnvelope(translationSchema(record)) };
    const inLocale = localized.length
      ? ` With \`?locale=\` (one of the site's other languages), only the fields written per language (${localized.join(', ')}), as that language has them, with the translation's own version.`
      : '';

    api.get(
      `/${def.resource}`,
      {
        config: needs(name, 'read'),
        schema: {
          ...doc(
            'list',
            `List ${plural}`,
            `A page of records, newest or in the list order; \`search_key\` matches the searchable fields${
              localized.length ? ", in any of the site's languages (with `?locale=`, in that one alone)" : ''
            }.`,
          ),
          tags,
          querystring: localized.length
            ? listQuery.extend({ locale: localeTag.optional(), missing: localeTag.optional() })
            : listQuery,
          response: { 200: listEnvelope(localized.length ? listedInLocales(record) : record) },
        },
      },
      async (request) => {
        const { page, size } = paging(request.query, def.unpagedByDefault);
        const appKey = appKeyOf(request);
        const search = request.query.search_key?.trim();
        // `?locale=` searches that language's text; `?missing=` keeps the records not yet written in it.
        const locale = search ? otherLocale(request) : undefined;
        const missing = (request.query as { missing?: string }).missing;
        const missingLocale = missing ? askedLocale(request.application, missing) : undefined;
        const translations = app.ctx.translations;
        const refine =
          locale || missingLocale
            ? (qb: Select) => {
                let narrowed = locale ? qb.where('id', 'in', translations.matching(appKey, def.resource, locale, search!)) : qb;
                if (missingLocale)
                  narrowed = narrowed.where('id', 'not in', translations.recordsIn(appKey, def.resource, missingLocale));
                return narrowed;
              }
            : undefined;
        // Without `?locale=`, a search matches the record's text in any of the site's languages:
        // staff look for a post by the words they read on the site, whichever language those are in.
        const asked = (request.query as { locale?: string }).locale;
        const alsoMatching =
          !asked && localized.length > 0 && siteLocales(request.application).length > 1
            ? (text: string) => translations.matching(appKey, def.resource, undefined, text)
            : undefined;
        const { rows, total } = await service.repo.list(appKey, {
          page,
          size,
          search: locale ? undefined : search,
          refine,
          alsoMatching,
        });
        if (!localized.length || siteLocales(request.application).length < 2) return paged(rows, page, size, total);
        // On a site in several languages, each row says which others it is written in.
        const written = await translations.slugsOf(
          def.resource,
          rows.map((row) => row.id as number),
        );
        const listed = rows.map((row) => ({ ...row, translations: [...(written.get(row.id as number)?.keys() ?? [])].sort() }));
        return paged(listed, page, size, total);
      },
    );

    api.get(
      `/${def.resource}/:id`,
      {
        config: needs(name, 'read'),
        schema: {
          ...doc('get', `Read ${aLabel}`, `The answer carries the version as its ETag.${inLocale}`),
          tags,
          params: idParams,
          querystring: localeQuery,
          response: localized.length ? translated : one,
        },
      },
      async (request, reply) => {
        const row = await service.repo.get(appKeyOf(request), request.params.id);
        if (!row) throw notFound(def.formTitle);
        const locale = otherLocale(request);
        if (locale) {
          const translation = await app.ctx.translations.get(def.resource, row.id, locale);
          void reply.header('ETag', `"${translation?.version ?? 0}"`);
          return { data: translationRecord(def, row, locale, translation) };
        }
        void reply.header('ETag', `"${row.version}"`);
        return { data: row };
      },
    );

    if (localized.length) {
      api.delete(
        `/${def.resource}/:id/translations/:locale`,
        {
          config: needs(name, 'update'),
          schema: {
            ...doc(
              'deleteTranslation',
              `Remove ${withArticle(label)}'s translation`,
              'Its text in that language; the default language is the record itself.',
            ),
            tags,
            params: idParams.extend({ locale: localeTag }),
            response: { 200: messageAnswer },
          },
        },
        async (request) => {
          const existing = await service.forWrite(appKeyOf(request), request.params.id, actorOf(request));
          const locale = askedLocale(request.application, request.params.locale)!;
          if (locale === siteLocales(request.application)[0]) {
            throw badRequest('The default language is the record itself: delete the record instead', {
              locale: 'The default language',
            });
          }
          const addressesBefore = await addressesOf(appKeyOf(request), existing);
          if (!(await app.ctx.translations.remove(def, existing.id, locale))) {
            throw notFound(`${def.formTitle} translation`);
          }
          await addressesMoved(appKeyOf(request), existing, addressesBefore);
          await recordActivity(request, {
            action: 'update',
            entity: name,
            recordId: existing.id,
            changes: { locale: [locale, null] },
          });
          return { message: 'Translation removed' };
        },
      );
    }

    api.delete(
      `/${def.resource}/:id`,
      {
        config: needs(name, 'delete'),
        schema: {
          ...doc('delete', `Delete ${aLabel}`, hasTrash(def) ? 'Moves it to the Trash; `permanent=1` erases it.' : 'Erases it.'),
          tags,
          params: idParams,
          querystring: deleteQuery,
          response: { 200: deleted },
        },
      },
      async (request) => {
        const permanent = request.query.permanent === true || !hasTrash(def);
        await service.delete(appKeyOf(request), request.params.id, actorOf(request), permanent);
        await recordActivity(request, { action: permanent ? 'delete' : 'trash', entity: name, recordId: request.params.id });
        const message = permanent ? `${def.formTitle} deleted permanently` : `${def.formTitle} moved to the Trash`;
        return { message, data: { id: request.params.id } };
      },
    );

    if (def.exportable) {
      // A static segment: the router never reads "export.csv" as an :id.
      const exportSchema = {
        ...doc('export', `Download ${plural} as CSV`),
        tags,
        produces: ['text/csv'],
        response: { 200: csvAnswer },
      };
      api.get(`/${def.resource}/export.csv`, { config: needs(name, 'read'), schema: exportSchema }, async (request, reply) => {
        const columns = readableColumns(def).filter((c) => c !== 'app_key' && c !== 'deleted_at' && c !== 'version');
        const { rows } = await service.repo.list(appKeyOf(request), { page: 1, size: LIMITS.exportRows });
        return sendCsv(
          reply,
          def.resource,
          appKeyOf(request),
          columns,
          rows.map((row) => columns.map((c) => (row as Record<string, unknown>)[c])),
        );
      });
    }

    if (hasTrash(def)) {
      api.get(
        `/${def.resource}/trash`,
        {
          config: needs(name, 'delete'),
          schema: {
            ...doc('trash', `List ${plural} in the Trash`),
            tags,
            querystring: listQuery,
            response: { 200: listEnvelope(record) },
          },
        },
        async (request) => {
          await eraseExpiredTrash(app.ctx.services);
          const { page, size } = paging(request.query);
          // A right over one's own records shows only one's own in the Trash.
          const own = request.scope === 'own' && def.ownerField ? { [def.ownerField]: request.user.id } : undefined;
          const { rows, total } = await service.repo.list(appKeyOf(request), {
            page,
            size,
            search: request.query.search_key,
            where: own,
            visibility: 'trashed',
          });
          return paged(rows, page, size, total);
        },
      );

      api.post(
        `/${def.resource}/:id/restore`,
        {
          config: needs(name, 'delete'),
          schema: { ...doc('restore', `Restore ${aLabel} from the Trash`), tags, params: idParams, response: one },
        },
        async (request, reply) => {
          const row = await service.restore(appKeyOf(request), request.params.id, actorOf(request));
          await recordActivity(request, { action: 'restore', entity: name, recordId: row.id });
          void reply.header('ETag', `"${row.version}"`);
          return { message: `${def.formTitle} restored`, data: row };
        },
      );
    }

    if (def.readOnlyResource) continue;

    api.post(
      `/${def.resource}`,
      {
        config: needs(name, 'create'),
        preValidation: acceptSiteInBody,
        schema: {
          ...doc(
            'create',
            `Create ${aLabel}`,
            'An `Idempotency-Key` header makes a resend store one record, answered 200 with the first answer.',
          ),
          tags,
          body: createSchema(def),
          headers: idempotencyHeaders,
          response: { 200: itemEnvelope(record), 201: itemEnvelope(record) },
        },
      },
      async (request, reply) => {
        const { row, replayed } = await service.create(
          appKeyOf(request),
          writeOf(request).input,
          idempotencyOf(request),
          actorOf(request),
        );
        if (replayed) reply.header('Idempotent-Replayed', 'true');
        else await recordActivity(request, { action: 'create', entity: name, recordId: row.id });
        return reply.status(replayed ? 200 : 201).send({ data: row });
      },
    );

    historyRoutes(app, name, def, {
      path: `/${def.resource}/:id`,
      params: idParams,
      locate: async (request, forWrite) => {
        const appKey = appKeyOf(request);
        if (forWrite) return service.forWrite(appKey, request.params.id, actorOf(request));
        const row = await service.repo.get(appKey, request.params.id);
        if (!row) throw notFound(def.formTitle);
        return row;
      },
    });

    if (isPublishable(def)) draftRoutes(name, def);
    if (def.review) reviewRoutes(app, name, def);

    api.put(
      `/${def.resource}/:id`,
      {
        config: needs(name, 'update'),
        preValidation: acceptSiteInBody,
        schema: {
          ...doc(
            'update',
            `Update ${aLabel}`,
            'Send the changed fields, or the record as read. `version` (or `If-Match`) names the version the edit is based on.',
          ),
          tags,
          params: idParams,
          querystring: localeQuery,
          body: updateSchema(def),
          response: localized.length ? translated : one,
        },
      },
      async (request, reply) => {
        const { basedOn, input } = writeOf(request, request.params.id);
        const locale = otherLocale(request);
        if (locale) {
          const existing = await service.forWrite(appKeyOf(request), request.params.id, actorOf(request));
          const shared = Object.keys(input).filter((field) => def.fields[field] && !def.fields[field]!.localized);
          if (shared.length > 0) {
            const message = `Only the fields written per language go with ?locale=${locale}: ${shared.join(', ')} ${shared.length === 1 ? 'is' : 'are'} shared`;
            throw badRequest(message, Object.fromEntries(shared.map((field) => [field, 'Shared by every language'])));
          }
          const addressesBefore = await addressesOf(appKeyOf(request), existing);
          const saved = await app.ctx.translations.put(appKeyOf(request), def, existing.id, locale, input, basedOn);
          if (!saved) {
            const current = await app.ctx.translations.get(def.resource, existing.id, locale);
            throw new HttpError(
              409,
              `This ${label}'s ${locale} text was saved by someone else since you opened it (version ${basedOn}, now ${current?.version ?? 0})`,
              { version: `Based on version ${basedOn}; the saved one is ${current?.version ?? 0}` },
              {},
              { current: translationRecord(def, existing, locale, current) },
            );
          }
          await addressesMoved(appKeyOf(request), existing, addressesBefore);
          const changes = Object.fromEntries(
            Object.keys(input)
              .filter((f) => localized.includes(f))
              .map((f) => [f, [null, input[f]]]),
          );
          await recordActivity(request, {
            action: 'update',
            entity: name,
            recordId: existing.id,
            changes: { ...changes, locale: [null, locale] },
          });
          void reply.header('ETag', `"${saved.version}"`);
          return { data: translationRecord(def, existing, locale, saved) };
        }
        const { row, before } = await service
          .update(appKeyOf(request), request.params.id, input, actorOf(request), basedOn)
          .catch(async (error: unknown) => {
            throw await withSavedBy(request, name, request.params.id, error);
          });
        await recordUpdate(request, def, before, row, input);
        void reply.header('ETag', `"${row.version}"`);
        return { data: row };
      },
    );
  }
}
