/** The registry of every entity. Adding an entity is one file plus one line here. */
import { applications } from './applications';
import { careers } from './careers';
import type { EntityDef, RecordOf } from './define';
import { faqs } from './faqs';
import { formEntries } from './form-entries';
import { forms } from './forms';
import { gallery } from './gallery';
import { menus } from './menus';
import { messages } from './messages';
import { newsletters } from './newsletters';
import { pages } from './pages';
import { postCategories } from './post-categories';
import { posts } from './posts';
import { profiles } from './profiles';
import { sections } from './sections';
import { sliders } from './sliders';
import { socials } from './socials';
import { subscribers } from './subscribers';
import { users } from './users';
import { webhooks } from './webhooks';
import { widgets } from './widgets';

export const ENTITIES = {
  applications,
  profiles,
  sliders,
  pages,
  sections,
  widgets,
  faqs,
  careers,
  gallery,
  users,
  socials,
  subscribers,
  menus,
  posts,
  'post-categories': postCategories,
  messages,
  webhooks,
  newsletters,
  forms,
  'form-entries': formEntries,
} as const satisfies Record<string, EntityDef>;

export type ResourceName = keyof typeof ENTITIES;

/** The record type of every entity, as the API returns it: `Records['posts']`. */
export type Records = { [N in ResourceName]: RecordOf<(typeof ENTITIES)[N]> };

/** Content entities that live inside one application (everything but the tenant table and users). */
export const TENANT_ENTITIES = Object.values(ENTITIES).filter((e) => e.tenant);

export function entityByResource(resource: string): EntityDef | undefined {
  return (ENTITIES as Record<string, EntityDef>)[resource];
}

export function entityByAdminPath(path: string): EntityDef | undefined {
  return Object.values(ENTITIES).find((e) => e.adminPath === path);
}

export * from './define';
export { isRole, type Role, ROLE_CHOICES, ROLES } from './users';
export { WEBHOOK_EVENTS, type WebhookEvent } from './webhooks';
