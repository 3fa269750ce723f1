import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { entityFormMachine, isConnectionError, type SaveInput } from '../../../../machines/entity-form';
import { LIMITS } from '../../../shared/limits';
import { inspect } from '../../inspect';
import type { AdminEntity } from '../admin-entities';
import { entityKeys, entityRecordQuery } from '../api/entity-queries';
import { notifyFailure } from '../api/notify';
import { signOut } from '../session/session-store';
import { ApiError } from '../../api/http';
import { saveEntity } from '../../pwa/entity-saves';
import { initialValues, toFormValues, toPayload, validateValues } from './form-values';
import { waitForConnection } from './wait-for-connection';

const WAITING_ID = 'waiting-for-connection';

function showWaitingForConnection() {
  notifications.show({
    id: WAITING_ID,
    color: 'yellow',
    title: 'Waiting for connection…',
    message: 'Your changes will be saved as soon as the connection is back.',
    autoClose: false,
  });
}

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
        // Saves are persisted, pausable mutations (src/client/pwa/entity-saves.ts): offline they wait,
        // survive a reload, and land exactly once; this promise settles when the server answered.
        save: fromPromise(async ({ input }: { input: SaveInput }) => {
          try {
            const saved = await saveEntity(
              queryClient,
              {
                resource: def.resource,
                id: input.id,
                body: toPayload(def, input.values),
                idempotencyKey: input.idempotencyKey,
              },
              (waiting) => (waiting ? showWaitingForConnection() : notifications.hide(WAITING_ID)),
            );
            return { ...toFormValues(def, saved), [entity.keyField]: saved[entity.keyField] };
          } catch (error) {
            if (error instanceof ApiError && error.status === 401) signOut();
            if (isConnectionError(error)) showWaitingForConnection();
            else notifyFailure(`Saving the ${def.formTitle} failed`, error);
            throw error;
          }
        }),
        waitForConnection: fromPromise(({ input, signal }: { input: { attempt: number }; signal: AbortSignal }) =>
          waitForConnection(input.attempt, signal),
        ),
      },
      actions: {
        notifySaved: () => {
          notifications.hide(WAITING_ID);
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
