import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type DeleteTarget, deleteConfirmMachine } from '../../../../machines/delete-confirm';
import { inspect } from '../../inspect';
import type { AdminEntity } from '../admin-entities';
import { entityKeys } from '../api/entity-queries';
import { deleteRecord } from '../api/entity-writes';
import { notifyFailure } from '../api/notify';

/** The delete dialog's machine, wired to the API; the entity's lists reload after a delete. */
export function useDeleteConfirm(entity: AdminEntity) {
  const queryClient = useQueryClient();
  return useMachine(
    deleteConfirmMachine.provide({
      actors: {
        deleteItem: fromPromise(async ({ input }: { input: DeleteTarget }) => {
          try {
            await deleteRecord(entity, input.id);
          } catch (error) {
            notifyFailure(`Deleting from ${entity.def.title} failed`, error);
            throw error;
          }
        }),
      },
      actions: {
        notifyDeleted: (_, target) => {
          void queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.def.resource) });
          notifications.show({ color: 'green', message: `Deleted ${target.label || 'the record'}.` });
        },
      },
    }),
    { inspect },
  );
}
