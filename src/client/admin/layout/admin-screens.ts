/** Every screen of the sidebar, in the order of spec §2.2 (plus contact messages, the activity log and security). */
import { ENTITIES } from '../../../shared/entities';
import type { Action, Subject } from '../../../shared/rights';
import { adminEntity } from '../admin-entities';

export interface AdminScreen {
  label: string;
  /** Path under /admin. */
  path: string;
  /** The right that opens the screen: the sidebar lists only the screens the user's role opens. */
  right: { subject: Subject; action: Action };
}

const entityScreen = (def: (typeof ENTITIES)[keyof typeof ENTITIES]): AdminScreen => ({
  label: def.title,
  path: def.adminPath,
  right: { subject: def.resource, action: adminEntity(def).screenAction },
});

/** The dashboards, one screen per entity in the registry's order (which is the spec's), then the activity log and the security settings. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { label: 'Dashboard', path: 'dashboard', right: { subject: 'report', action: 'read' } },
  { label: 'Social Overview', path: 'dashboard/social', right: { subject: 'socials', action: 'read' } },
  ...Object.values(ENTITIES).map(entityScreen),
  { label: 'Activity', path: 'activity', right: { subject: 'activity', action: 'read' } },
  { label: 'Security', path: 'security', right: { subject: 'settings', action: 'update' } },
];

/** The screen a path belongs to: the longest screen path that is a prefix of it. */
export function currentScreen(pathname: string): AdminScreen | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  return [...ADMIN_SCREENS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => rest === s.path || rest.startsWith(`${s.path}/`));
}
