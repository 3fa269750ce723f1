/**
 * Which sections of the sidebar are open. Closed sections keep every screen one click away while
 * the whole list fits a laptop's window (1280×720) without scrolling. As in WordPress's menu, the
 * section of the screen shown is open (Content, the screens used most, on the dashboards, which
 * have no section); as in Directus's, a section this person opens or closes stays so, on this device.
 */
import { useCallback, useState } from 'react';
import { localStorageOrNone } from '../../pwa/local-storage';
import { SCREEN_GROUPS, type ScreenGroup } from './admin-screens';

const STORAGE_KEY = 'orgsite.admin-nav-open';

/** The sections this person opened or closed themselves (true: open); the others follow the screen shown. */
type Choices = Partial<Record<ScreenGroup, boolean>>;

function keptChoices(): Choices {
  try {
    const kept: unknown = JSON.parse(localStorageOrNone()?.getItem(STORAGE_KEY) ?? '{}');
    if (typeof kept !== 'object' || kept === null) return {};
    const entries = Object.entries(kept).filter(
      ([group, open]) => SCREEN_GROUPS.includes(group as ScreenGroup) && typeof open === 'boolean',
    );
    return Object.fromEntries(entries) as Choices;
  } catch {
    return {};
  }
}

function keep(choices: Choices): void {
  try {
    localStorageOrNone()?.setItem(STORAGE_KEY, JSON.stringify(choices));
  } catch {
    // storage full or blocked: the choice holds until the page is reloaded
  }
}

/**
 * Whether each section is open, and a toggle: a section this person opened or closed stays so;
 * any other is open when the screen shown is in it (Content on the dashboards, `current` undefined).
 */
export function useOpenGroups(current: ScreenGroup | undefined): [(group: ScreenGroup) => boolean, (group: ScreenGroup) => void] {
  const [choices, setChoices] = useState<Choices>(keptChoices);
  const isOpen = useCallback((group: ScreenGroup) => choices[group] ?? group === (current ?? 'Content'), [choices, current]);
  const toggle = useCallback(
    (group: ScreenGroup) => {
      const next = { ...choices, [group]: !isOpen(group) };
      keep(next);
      setChoices(next);
    },
    [choices, isOpen],
  );
  return [isOpen, toggle];
}
