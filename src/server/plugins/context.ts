/** What every route can reach: the database, the entity services and the cache. */
import { PublicOrigin } from '../seo/public-origin';
import { SecretBox, secretKeyOf } from '../security/secret-box';
import fp from 'fastify-plugin';
import { ENTITIES, type EntityDef, type EntityHookName, type RecordOf, type ResourceName } from '../../shared/entities';
import { Cache } from '../cache/cache';
import { DEFAULT_SECURITY_SETTINGS } from '../../shared/security-settings';
import type { ServerConfig } from '../config';
import { EntityService, type EntityHooks } from '../content/entity-service';
import { appIdHooks } from '../content/app-id-hooks';
import { userHooks } from '../content/user-hooks';
import { webhookHooks } from '../content/webhook-hooks';
import { siteLocalesHooks } from '../content/site-locales-hooks';
import { formHooks } from '../content/form-hooks';
import type { Repository } from '../content/repository';
import { PreviewLinks } from '../content/preview-links';
import { Translations } from '../content/translations';
import { Redirects } from '../content/redirects';
import { siteScope } from '../cache/public-answers';
import type { Database } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';
import { Renditions } from '../media/renditions';
import { PartialUploads } from '../media/partial-uploads';
import { openStorage } from '../storage/open';
import type { FileStorage } from '../storage/storage';
import { renditionsCutAtFocalPoints } from '../media/focal-points';
import { Settings } from '../security/settings';
import { DEFAULT_DELIVERY_OPTIONS, WebhookDeliveries } from '../webhooks/deliveries';
import { Analytics } from '../content/analytics';
import { Notifications } from '../notifications/notifications';

/** The code of each set of rules a definition may name (`hooks`); an entity naming none is served by the generic code alone. */
const HOOKS: Record<EntityHookName, EntityHooks> = {
  users: userHooks,
  'site-id': appIdHooks,
  webhooks: webhookHooks,
  'site-locales': siteLocalesHooks,
  forms: formHooks,
};

/** One service per entity, each typed by its own definition. */
export type Services = { [N in ResourceName]: EntityService<(typeof ENTITIES)[N]> };

export interface AppContext {
  config: ServerConfig;
  database: Database;
  services: Services;
  cache: Cache;
  /** Settings an admin changes at run time (two-factor by role, activity retention). */
  settings: Settings;
  mailer: Mailer;
  /** Signed links that show a draft on the public site. */
  previews: PreviewLinks;
  /** The queue of webhook deliveries. */
  webhooks: WebhookDeliveries;
  /** Where uploads, renditions and resumable parts are kept: the local folder or an S3 bucket. */
  storage: FileStorage;
  /** Smaller copies of uploaded images. */
  renditions: Renditions;
  /** Resumable uploads in progress (media/resumable.ts). */
  partialUploads: PartialUploads;
  /** The origin absolute links name (PUBLIC_URL, the site's Web URL, known hosts). */
  origin: PublicOrigin;
  /** Seals the secrets the server must read back (two-factor secrets). */
  secrets: SecretBox;
  /** Records' text in the other locales of their site. */
  translations: Translations;
  /** Addresses that moved or are gone, and the 404 log (content/redirects.ts). */
  redirects: Redirects;
  /** Visitor analytics: the beacons' queue, its fold and the dashboard's reads (content/analytics.ts). */
  analytics: Analytics;
  /** Review steps told to the people concerned: the bell and their mail (notifications/notifications.ts). */
  notifications: Notifications;
}

/** Code that serves every entity alike (the CRUD and public routers) sees each service through the wide type. */
export function serviceFor(services: Services, name: ResourceName): EntityService {
  return services[name] as unknown as EntityService;
}

/** Each entity's repository, by name (the seeder writes through them). */
export function reposOf(services: Services): Record<ResourceName, Repository> {
  return Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.repo])) as unknown as Record<
    ResourceName,
    Repository
  >;
}

export function createContext(config: ServerConfig, database: Database): AppContext {
  const cache = new Cache();
  const storage = openStorage(config);
  const settings = new Settings(database.db, cache, {
    ...DEFAULT_SECURITY_SETTINGS,
    activityRetentionDays: config.activityRetentionDays,
  });
  const revisionsToKeep = async () => (await settings.get()).revisionsPerRecord;
  const translations = new Translations(database.db, cache);
  const redirects = new Redirects(
    database.db,
    translations,
    (def) => (services as unknown as Record<string, EntityService>)[def.resource]!.repo,
    (appKey) => cache.invalidate(siteScope(appKey)),
    Object.values(ENTITIES) as EntityDef[],
  );
  const services = Object.fromEntries(
    Object.entries(ENTITIES).map(([name, def]) => {
      const hooks = (def as EntityDef).hooks;
      return [name, new EntityService(database.db, def, hooks && HOOKS[hooks], cache, revisionsToKeep, redirects)];
    }),
  ) as unknown as Services;
  const mailer = createMailer(config.smtpUrl, config.mailFrom);
  const origin = new PublicOrigin(
    config,
    async () => (await services.applications.repo.findBy(null, 'app_key', config.appKey))?.web_url,
  );
  return {
    config,
    database,
    services,
    cache,
    settings,
    mailer,
    notifications: new Notifications(database.db, mailer, () => origin.configured),
    translations,
    redirects,
    previews: new PreviewLinks(database.db),
    analytics: new Analytics(database.db),
    webhooks: new WebhookDeliveries(database.db, { ...DEFAULT_DELIVERY_OPTIONS, ...config.webhookDelivery }),
    storage,
    renditions: renditionsCutAtFocalPoints(storage, database.db),
    partialUploads: new PartialUploads(storage),
    secrets: new SecretBox(secretKeyOf(config.secretKey, config.secretKeyFile)),
    origin,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The application this request is about (from the app-key / app_key header). */
    application: RecordOf<typeof ENTITIES.applications>;
    user: RecordOf<typeof ENTITIES.users>;
  }
}

/** Makes the context reachable from every plugin (`app.ctx`) and declares the request's fields. */
export const appContext = fp<{ ctx: AppContext }>(
  async (app, { ctx }) => {
    app.decorate('ctx', ctx);
    app.decorateRequest('application', null as never);
    app.decorateRequest('user', null as never);
  },
  { name: 'app-context' },
);
