import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type EventObject, fromCallback, fromPromise } from 'xstate';
import { entityFormMachine, type SaveInput } from '../../../../machines/entity-form';
import { LIMITS } from '../../../shared/limits';
import { inspect } from '../../inspect';
import type { AdminEntity } from '../admin-entities';
import { entityDraftQuery, entityKeys, entityRecordQuery } from '../api/entity-queries';
import { isPublishable } from '../../../shared/entities';
import { notifyFailure } from '../api/notify';
import { signOut } from '../session/session-store';
import { ApiError } from '../../api/http';
import { takeConflictedEdit } from '../../pwa/conflicted-edits';
import { cancelSave, editedResource } from '../../pwa/entity-saves';
import { startSave } from '../../pwa/save-outbox';
import { initialValues, toFormValues, toPayload, validateValues } from './form-values';
import { adminT, adminTerm } from '../i18n';

const WAITING_ID = 'waiting-for-connection';

/**
 * Records created a moment ago (resource/key → when), whose form opens at their new address with
 * the success alert. Read, not taken, so a render run twice (React's strict mode) reads it alike.
 */
const justCreated = new Map<string, number>();
const JUST_MS = 5_000;

function showWaitingForConnection() {
  notifications.show({
    id: WAITING_ID,
    color: 'yellow',
    title: adminT('form.waiting.title'),
    message: adminT('toast.waiting.text'),
    autoClose: false,
  });
}

/**
 * The form machine of one entity, wired to the API; `recordKey` undefined means create. With
 * `locale`, it edits the record's text in that language: `entity.def` is then the translation's
 * (translation.ts), and the reads and saves name the locale.
 */
export function useEntityFormMachine(entity: AdminEntity, recordKey: string | undefined, locale?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { def } = entity;
  /** A save of a record opened as its draft publishes that draft (a translation has none). */
  const intentOf = (input: SaveInput) => {
    if (locale) return 'save';
    if (input.intent === 'draft' || input.id === undefined || !isPublishable(def)) return input.intent;
    return queryClient.getQueryData(entityKeys.draft(def.resource, input.id)) ? 'publish' : 'save';
  };
  return useMachine(
    entityFormMachine.provide({
      actors: {
        // A record with a draft opens as its draft: the values, and the version it was based on.
        load: fromPromise(async ({ input }: { input: { id: string } }) => {
          const [record, draft] = await Promise.all([
            queryClient.fetchQuery(entityRecordQuery(def, input.id, locale)),
            isPublishable(def) && !locale ? queryClient.fetchQuery(entityDraftQuery(def, input.id)) : null,
          ]);
          return toFormValues(def, draft ? { ...record, ...draft.data, version: draft.version } : record);
        }),
        // The save is a persisted, pausable mutation (src/client/pwa/entity-saves.ts): offline it
        // waits, it survives a reload and lands exactly once. This actor only relays its progress.
        save: fromCallback<EventObject, SaveInput>(({ input, sendBack }) =>
          startSave(
            queryClient,
            {
              resource: def.resource,
              id: input.id,
              body: toPayload(def, input.values),
              idempotencyKey: input.idempotencyKey,
              intent: intentOf(input),
              locale,
            },
            {
              waiting: () => {
                showWaitingForConnection();
                sendBack({ type: 'save.waiting' });
              },
              resumed: () => {
                notifications.hide(WAITING_ID);
                sendBack({ type: 'save.resumed' });
              },
              landed: (saved) =>
                sendBack({
                  type: 'save.landed',
                  record: { ...toFormValues(def, saved), [entity.keyField]: saved[entity.keyField] },
                }),
              failed: (error) => {
                notifications.hide(WAITING_ID);
                if (error instanceof ApiError && error.status === 401) signOut();
                if (error instanceof ApiError && error.current) {
                  // This form compares now; the copy kept for a form opened later is not needed.
                  if (input.id !== undefined) takeConflictedEdit(editedResource({ resource: def.resource, locale }), input.id);
                  // Someone saved in between: the form compares, field by field (no failure toast).
                  const savedBy = error.savedBy ? { name: error.savedBy.user_name, at: error.savedBy.at } : null;
                  // The history below the form now has the state that was saved in between.
                  if (input.id !== undefined)
                    void queryClient.invalidateQueries({ queryKey: entityKeys.record(def.resource, input.id) });
                  sendBack({ type: 'save.failed', error: { status: 409, current: toFormValues(def, error.current), savedBy } });
                  return;
                }
                notifyFailure(adminT('toast.saveFailed', { what: adminTerm(def.formTitle).toLowerCase() }), error);
                sendBack({ type: 'save.failed', error });
              },
            },
          ),
        ),
      },
      actions: {
        notifySaved: (_, { record, created, intent, andNew }) => {
          notifications.hide(WAITING_ID);
          void queryClient.invalidateQueries({ queryKey: entityKeys.all(def.resource) });
          // A save that stays on its form shows the form's own alert (the spec's text), which says
          // it all: a toast beside it would be a second message saying the same. "Save and add
          // another" empties the form at once, so only a toast can say which record was saved; a
          // draft's toast says it was kept as a draft.
          if (intent === 'draft' || andNew) {
            const label = String(record[def.labelField] ?? '');
            notifications.show({
              color: 'green',
              title: adminT(intent === 'draft' ? 'toast.draftSaved' : created ? 'toast.created' : 'toast.saved', {
                what: adminTerm(def.formTitle),
              }),
              message: label ? `“${label}”` : undefined,
            });
          }
          // A new record gets its own address (a reload opens it again); "Save and add another"
          // goes on with a new, empty one.
          const key = record[entity.keyField];
          if (andNew && !created) {
            void navigate({ to: '/admin/$entity/form', params: { entity: def.adminPath } });
          } else if (created && !andNew && key !== undefined && key !== null) {
            justCreated.set(`${def.resource}/${String(key)}`, Date.now());
            void navigate({ to: '/admin/$entity/form/$id', params: { entity: def.adminPath, id: String(key) }, replace: true });
          }
        },
        cancelSave: (_, { idempotencyKey }) => {
          notifications.hide(WAITING_ID);
          cancelSave(queryClient, idempotencyKey);
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
        justCreated: Date.now() - (justCreated.get(`${def.resource}/${recordKey}`) ?? 0) < JUST_MS,
        validate: (values) => validateValues(def, values),
      },
    },
  );
}
