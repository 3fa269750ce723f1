import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type DeleteTarget, deleteConfirmMachine } from '../../../../machines/delete-confirm';
import { hasTrash } from '../../../shared/entities';
import { inspect } from '../../inspect';
import type { AdminEntity } from '../admin-entities';
import { entityKeys } from '../api/entity-queries';
import { deleteRecord, restoreRecord } from '../api/entity-writes';
import { notifyFailure } from '../api/notify';
import { adminT, adminTerm } from '../i18n';

/** Brings a record back from the Trash, reloads the entity's screens and says so (or why not). */
export async function restoreAndTell(entity: AdminEntity, queryClient: QueryClient, key: string, label: string): Promise<void> {
  const what = label || adminT('toast.theRecord');
  try {
    await restoreRecord(entity, key);
    await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.def.resource) });
    notifications.show({ color: 'green', message: adminT('toast.restored', { what }) });
  } catch (error) {
    notifyFailure(adminT('toast.restoreFailed', { what }), error);
  }
}

/** What a confirmed delete does: move to the Trash, or erase for good. */
export const deletesForGood = (entity: AdminEntity, permanent: boolean) => permanent || !hasTrash(entity.def);

/**
 * The delete dialog's machine, wired to the API; the entity's lists reload after a delete. A move
 * to the Trash is told with an Undo button; `permanent` erases (from the Trash view).
 */
export function useDeleteConfirm(entity: AdminEntity, { permanent = false }: { permanent?: boolean } = {}) {
  const queryClient = useQueryClient();
  const forGood = deletesForGood(entity, permanent);
  const reload = () => queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.def.resource) });
  const undo = (target: DeleteTarget, notificationId: string) => {
    notifications.hide(notificationId);
    return restoreAndTell(entity, queryClient, target.id, target.label);
  };
  return useMachine(
    deleteConfirmMachine.provide({
      actors: {
        deleteItem: fromPromise(async ({ input }: { input: DeleteTarget }) => {
          try {
            await deleteRecord(entity, input.id, permanent);
          } catch (error) {
            notifyFailure(adminT('toast.deleteFailed', { what: adminTerm(entity.def.title) }), error);
            throw error;
          }
        }),
      },
      actions: {
        notifyDeleted: (_, target) => {
          void reload();
          const label = target.label || adminT('toast.theRecord');
          if (forGood) {
            notifications.show({
              color: 'green',
              message: adminT(permanent ? 'toast.deletedForGood' : 'toast.deleted', { label }),
            });
            return;
          }
          const id = `trashed:${entity.def.resource}:${target.id}`;
          notifications.show({
            id,
            color: 'green',
            autoClose: 10_000,
            message: (
              <span>
                {`${adminT('toast.trashed', { label })} `}
                <Button size="compact-xs" variant="light" onClick={() => void undo(target, id)}>
                  {adminT('toast.undo')}
                </Button>
              </span>
            ),
          });
        },
      },
    }),
    { inspect },
  );
}
