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

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { label: 'Dashboard', path: 'dashboard' },
  { label: 'Social Overview', path: 'dashboard/social' },
  entityScreen(ENTITIES.applications),
  entityScreen(ENTITIES.profiles),
  entityScreen(ENTITIES.sliders),
  entityScreen(ENTITIES.pages),
  entityScreen(ENTITIES.sections),
  entityScreen(ENTITIES.widgets),
  entityScreen(ENTITIES.faqs),
  entityScreen(ENTITIES.careers),
  entityScreen(ENTITIES.gallery),
  entityScreen(ENTITIES.users),
  entityScreen(ENTITIES.socials),
  entityScreen(ENTITIES.subscribers),
  entityScreen(ENTITIES.menus),
  entityScreen(ENTITIES.posts),
  entityScreen(ENTITIES['post-categories']),
  entityScreen(ENTITIES.messages),
];

/** The screen a path belongs to: the longest screen path that is a prefix of it. */
export function currentScreen(pathname: string): AdminScreen | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  return [...ADMIN_SCREENS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => rest === s.path || rest.startsWith(`${s.path}/`));
}
