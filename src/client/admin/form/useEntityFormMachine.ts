import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { entityFormMachine, isConnectionError, type SaveInput } from '../../../../machines/entity-form';
import { LIMITS } from '../../../shared/limits';
import { inspect } from '../../inspect';
import type { AdminEntity } from '../admin-entities';
import { entityKeys, entityRecordQuery } from '../api/entity-queries';
import { saveRecord } from '../api/entity-writes';
import { notifyFailure } from '../api/notify';
import { initialValues, toFormValues, toPayload, validateValues } from './form-values';
import { waitForConnection } from './wait-for-connection';

/** The form machine of one entity, wired to the API; `recordKey` undefined means create. */
export function useEntityFormMachine(entity: AdminEntity, recordKey: string | undefined) {
  const queryClient = useQueryClient();
  const { def } = entity;
  return useMachine(
    entityFormMachine.provide({
      actors: {
        load: fromPromise(async ({ input }: { input: { id: string } }) =>
          toFormValues(def, await queryClient.fetchQuery(entityRecordQuery(def, input.id))),
        ),
        save: fromPromise(async ({ input }: { input: SaveInput }) => {
          try {
            const saved = await saveRecord(entity, {
              key: input.id,
              payload: toPayload(def, input.values),
              idempotencyKey: input.idempotencyKey,
            });
            return { ...toFormValues(def, saved), [entity.keyField]: saved[entity.keyField] };
          } catch (error) {
            if (isConnectionError(error)) {
              notifications.show({
                id: 'waiting-for-connection',
                color: 'yellow',
                title: 'Waiting for connection…',
                message: 'Your changes will be saved as soon as the connection is back.',
              });
            } else {
              notifyFailure(`Saving the ${def.formTitle} failed`, error);
            }
            throw error;
          }
        }),
        waitForConnection: fromPromise(({ input, signal }: { input: { attempt: number }; signal: AbortSignal }) =>
          waitForConnection(input.attempt, signal),
        ),
      },
      actions: {
        notifySaved: () => {
          notifications.hide('waiting-for-connection');
          void queryClient.invalidateQueries({ queryKey: entityKeys.all(def.resource) });
        },
      },
    }),
    {
      inspect,
      input: {
        id: recordKey,
        keyField: entity.keyField,
        initialValues: initialValues(def),
        successMs: LIMITS.successAlertMs,
        validate: (values) => validateValues(def, values),
      },
    },
  );
}
