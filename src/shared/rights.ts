/**
 * What each role may do: the one definition the server enforces on every /cms/api route and the
 * admin reads to hide what a role cannot do (sidebar items, buttons). Plain data, like the entity
 * definitions beside it, so both sides import it.
 *
 * A subject is an entity's resource name or one of the few non-entity areas below. A right is
 * `all` (any record of the sites the user works on) or `own` (only records the user created; the
 * entity must say who created a record, see `ownerField`). Anything not listed is refused.
 */
import { ENTITIES, type EntityDef, isRole, type ResourceName, type Role } from './entities';

export { isRole, ROLES, type Role } from './entities';

/**
 * `review`: approve, request changes on or publish a record that must pass review (issue #61);
 * submitting one is an `update`.
 */
export const ACTIONS = ['read', 'create', 'update', 'delete', 'review'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Areas that are not entities: the media library, the dashboard report, the activity log, the
 * security settings, API tokens, redirects with the 404 log, the flows inspector (admins only: it
 * shows what staff type), a person's data exported or erased by address (admins only: it
 * reaches every site), and mailing a newsletter to the site's subscribers (`create` sends one,
 * a test to oneself included; `read` shows its preview and report), and the site's visitor
 * analytics (editors and admins read them).
 */
export const AREAS = [
  'files',
  'report',
  'activity',
  'settings',
  'tokens',
  'redirects',
  'flows',
  'people',
  'mailing',
  'analytics',
] as const;
export type Subject = ResourceName | (typeof AREAS)[number];

export type Scope = 'all' | 'own';
type Grants = Partial<Record<Subject, Partial<Record<Action, Scope>>>>;

const every: Partial<Record<Action, Scope>> = { read: 'all', create: 'all', update: 'all', delete: 'all', review: 'all' };
const readOnly: Partial<Record<Action, Scope>> = { read: 'all' };

const sensitivityOf = (name: ResourceName) => (ENTITIES[name] as EntityDef).sensitivity;
/**
 * Content: every entity that lives inside one site, but a site's own settings beside it, which
 * reach other systems (webhooks carry secrets): admins only.
 */
const CONTENT = (Object.keys(ENTITIES) as ResourceName[]).filter(
  (name) => ENTITIES[name].tenant && sensitivityOf(name) !== 'site-settings',
);
/** Content every role of a site may read: not people's personal data (visitors' messages, subscribers' addresses). */
const SHARED_CONTENT = CONTENT.filter((name) => sensitivityOf(name) !== 'personal-data');
const each = (names: readonly Subject[], rights: Partial<Record<Action, Scope>>): Grants =>
  Object.fromEntries(names.map((name) => [name, rights]));

export interface RoleDefinition {
  /** `all`: every site; `member`: only the sites the user is assigned to. */
  sites: 'all' | 'member';
  grants: Grants;
}

export const RIGHTS: Record<Role, RoleDefinition> = {
  admin: {
    sites: 'all',
    grants: each([...(Object.keys(ENTITIES) as ResourceName[]), ...AREAS], every),
  },
  editor: {
    sites: 'member',
    grants: {
      ...each(CONTENT, every),
      applications: readOnly,
      files: { read: 'all', create: 'all', update: 'all', delete: 'all' },
      report: readOnly,
      activity: readOnly,
      mailing: { read: 'all', create: 'all' },
      analytics: readOnly,
    },
  },
  author: {
    sites: 'member',
    grants: {
      ...each(SHARED_CONTENT, readOnly),
      posts: { read: 'all', create: 'all', update: 'own', delete: 'own' },
      applications: readOnly,
      files: { read: 'all', create: 'all' },
      report: readOnly,
    },
  },
  viewer: {
    sites: 'member',
    grants: { ...each(SHARED_CONTENT, readOnly), applications: readOnly, files: readOnly, report: readOnly },
  },
};

/** What `role` may do with `subject`: on every record, only on its own, or nothing. */
export function rightOf(role: unknown, subject: Subject, action: Action): Scope | undefined {
  return isRole(role) ? RIGHTS[role].grants[subject]?.[action] : undefined;
}

/** Whether `role` works on every site (not only on those the user is assigned to). */
export const worksOnEverySite = (role: unknown): boolean => isRole(role) && RIGHTS[role].sites === 'all';

/** Whether a user of `role`, assigned to `sites`, may work on the site `appKey`. */
export function worksOn(role: unknown, sites: readonly string[], appKey: string): boolean {
  return isRole(role) && (worksOnEverySite(role) || sites.includes(appKey));
}

/** The app keys stored in a user's `sites` field (comma-separated). */
export function sitesOf(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean)
    : [];
}
