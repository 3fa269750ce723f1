/** The saves that wait in the outbox, as the header and its menu show them (PendingSaves.tsx, PendingSavesMenu.tsx). */
import { useMutationState } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { EntityDef } from '../../../shared/entities';
import { languageName } from '../../../shared/locales';
import { SAVE_ENTITY_KEY, type SaveEntityVariables } from '../../pwa/entity-saves';
import { adminT } from '../i18n';
import { currentOwner, maySend } from '../session/session-owner';
import { subscribeSession } from '../session/session-store';

/** Whose the stored session is, as React follows it. */
export const useSessionOwner = (): string | null => useSyncExternalStore(subscribeSession, currentOwner, () => null);

/** Every save of the signed-in person still on its way, oldest first (another's, held for them, is not theirs to see). */
export function usePendingSaves(): SaveEntityVariables[] {
  const owner = useSessionOwner();
  return useMutationState({
    filters: { mutationKey: SAVE_ENTITY_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as SaveEntityVariables,
  }).filter((save) => save && maySend(save.owner, owner));
}

/** A waiting save's record as staff know it: its label (or number), and the language of a translation's text. */
export const labelOf = (def: EntityDef, save: SaveEntityVariables) => {
  const label = (save.seen ?? save.body)[def.labelField];
  const named =
    typeof label === 'string' && label ? `“${label}”` : save.id !== undefined ? `#${save.id}` : adminT('outbox.untitled');
  return save.locale ? `${named} (${languageName(save.locale)})` : named;
};
