/** Every screen of the sidebar, in the order of spec §2.2 (plus contact messages). */
import { ENTITIES } from '../../../shared/entities';

export interface AdminScreen {
  label: string;
  /** Path under /admin. */
  path: string;
}

const entityScreen = (def: { title: string; adminPath: string }): AdminScreen => ({
  label: def.title,
  path: def.adminPath,
});

/** The dashboards, then one screen per entity in the registry's order (which is the spec's). */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { label: 'Dashboard', path: 'dashboard' },
  { label: 'Social Overview', path: 'dashboard/social' },
  ...Object.values(ENTITIES).map(entityScreen),
];

/** The screen a path belongs to: the longest screen path that is a prefix of it. */
export function currentScreen(pathname: string): AdminScreen | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  return [...ADMIN_SCREENS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => rest === s.path || rest.startsWith(`${s.path}/`));
}
