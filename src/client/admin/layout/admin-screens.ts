/** Every screen of the sidebar, in the order of spec §2.2 (plus contact messages, the activity log and security), and its section. */
import { ENTITIES, type EntityDef, type ScreenGroup } from '../../../shared/entities';
import type { Action, Subject } from '../../../shared/rights';
import { adminEntity } from '../admin-entities';

export { SCREEN_GROUPS, type ScreenGroup } from '../../../shared/entities';

export interface AdminScreen {
  label: string;
  /** Path under /admin. */
  path: string;
  /** The sidebar section it is listed in; none for the dashboards at the top. */
  group?: ScreenGroup;
  /** The right that opens the screen: the sidebar lists only the screens the user's role opens. */
  right: { subject: Subject; action: Action };
  /** An inbox's screen: its sidebar item shows how many are unread. */
  inbox?: boolean;
}

const entityScreen = (def: EntityDef): AdminScreen => ({
  label: def.title,
  path: def.adminPath,
  group: def.admin?.group ?? 'Content',
  right: { subject: def.resource as Subject, action: adminEntity(def).screenAction },
  inbox: def.admin?.inbox,
});

/** The dashboards, one screen per entity in the registry's order (which is the spec's), then the activity log and the security settings. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { label: 'Dashboard', path: 'dashboard', right: { subject: 'report', action: 'read' } },
  { label: 'Social Overview', path: 'dashboard/social', right: { subject: 'socials', action: 'read' } },
  { label: 'Analytics', path: 'analytics', right: { subject: 'analytics', action: 'read' } },
  ...(Object.values(ENTITIES) as EntityDef[]).map(entityScreen),
  { label: 'Media library', path: 'media', group: 'Media', right: { subject: 'files', action: 'read' } },
  { label: 'Activity', path: 'activity', group: 'System', right: { subject: 'activity', action: 'read' } },
  { label: 'Security', path: 'security', group: 'System', right: { subject: 'settings', action: 'update' } },
  { label: 'API tokens', path: 'api-tokens', group: 'System', right: { subject: 'tokens', action: 'create' } },
  { label: 'Redirects', path: 'redirects', group: 'System', right: { subject: 'redirects', action: 'read' } },
  { label: 'A person’s data', path: 'people', group: 'System', right: { subject: 'people', action: 'read' } },
  { label: 'Flows', path: 'flows', group: 'System', right: { subject: 'flows', action: 'read' } },
];

/** The screen a path belongs to: the longest screen path that is a prefix of it. */
export function currentScreen(pathname: string): AdminScreen | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  return [...ADMIN_SCREENS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => rest === s.path || rest.startsWith(`${s.path}/`));
}
