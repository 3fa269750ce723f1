/**
 * The outbox of staff saves as a statechart (machines/save-outbox.ts): every save runs an actor of
 * it, so the back-office's flow inspector shows each one waiting, sending, landing or refused. The
 * save itself stays a mutation (entity-saves.ts), which does the sending, retrying and keeping
 * across a reload; what the mutation reports goes to the actor, and the actor decides what the
 * form is told and whether a refused edit is kept for comparing.
 *
 * Apart from entity-saves.ts because XState comes with it: the back-office's first load (and a
 * public page) carries none of it. A form's screen has it already; a page that restores waiting
 * saves loads it then (main.tsx, after resumeSaves).
 */
import { type Mutation, MutationObserver, type QueryClient } from '@tanstack/react-query';
import { type Actor, createActor } from 'xstate';
import { type SaveOutboxEvent, saveOutboxMachine } from '../../../machines/save-outbox';
import { currentOwner } from '../admin/session/session-owner';
import { inspect } from '../inspect';
import {
  isWaitingForConnection,
  keepOvertakenEdit,
  SAVE_ENTITY_KEY,
  type SavedRecord,
  type SaveEntityVariables,
  type SaveListener,
  type SaveProgress,
  saveScope,
  setFollowed,
} from './entity-saves';

/** What a mutation's progress is to the outbox: waiting (paused or unanswered), sending, or nothing new. */
export function progressEvent(progress: SaveProgress): SaveOutboxEvent | undefined {
  if (isWaitingForConnection(progress)) return { type: progress.isPaused ? 'save.paused' : 'save.unanswered' };
  return progress.status === 'pending' ? { type: 'save.sending' } : undefined;
}

/**
 * Sends the actor what the mutation's progress says, once per change: a mutation reports every
 * update (each retry, each pause), and the log should hold steps, not repeats.
 */
function progressTo(actor: Actor<typeof saveOutboxMachine>): (progress: SaveProgress) => void {
  let last: string | undefined;
  return (progress) => {
    const event = progressEvent(progress);
    if (!event || event.type === last) return;
    last = event.type;
    actor.send(event);
  };
}

/** An outbox actor for one save; `listener` is the form following it, while `listening()` says so. */
function outboxActor(
  variables: SaveEntityVariables,
  listener?: SaveListener,
  listening: () => boolean = () => true,
): Actor<typeof saveOutboxMachine> {
  const tell = (told: (listener: SaveListener) => void) => {
    if (listener && listening()) told(listener);
  };
  const machine = saveOutboxMachine.provide({
    actions: {
      tellWaiting: () => tell((form) => form.waiting()),
      tellResumed: () => tell((form) => form.resumed()),
      tellLanded: (_, { record }) => tell((form) => form.landed(record as SavedRecord)),
      tellRefused: (_, { error }) => tell((form) => form.failed(error)),
      // For a form that is open, it compares at once (and discards this copy); for a save restored
      // after a reload, this copy is what its form will compare.
      keepConflictedEdit: () => keepOvertakenEdit(variables),
    },
  });
  const { resource, id, intent, locale, review } = variables;
  return createActor(machine, { input: { resource, id, intent, locale, review }, inspect }).start();
}

/**
 * Starts saving one record and reports its progress to `listener`. The mutation owns the save:
 * it waits for the connection, retries and survives a reload on its own, so the returned function
 * only stops listening (leaving the form does not drop an edit); `cancelSave` stops the save.
 */
export function startSave(queryClient: QueryClient, unowned: SaveEntityVariables, listener: SaveListener): () => void {
  const variables: SaveEntityVariables = { ...unowned, owner: unowned.owner ?? currentOwner() ?? undefined };
  const observer = new MutationObserver<SavedRecord, Error, SaveEntityVariables>(queryClient, {
    mutationKey: SAVE_ENTITY_KEY,
    scope: { id: saveScope(variables) },
  });
  let listening = true;
  const actor = outboxActor(variables, listener, () => listening);
  setFollowed(variables.idempotencyKey, true);
  const unsubscribe = observer.subscribe(progressTo(actor));
  // Cancelled (by staff, or at sign-out) while it waits: its mutation leaves the cache unsent.
  const stopWatching = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'removed') return;
    const { state } = event.mutation;
    const key = (state.variables as SaveEntityVariables | undefined)?.idempotencyKey;
    if (key !== variables.idempotencyKey || state.status !== 'pending') return;
    actor.send({ type: 'save.cancel' });
    // How it ends now (an attempt already scheduled is refused as cancelled) comes from the
    // mutation itself.
    stopWatching();
  });
  actor.subscribe({ complete: stopWatching });
  observer.mutate(variables).then(
    (record) => actor.send({ type: 'save.landed', record }),
    (error: unknown) => actor.send({ type: 'save.refused', error }),
  );
  return () => {
    listening = false;
    setFollowed(variables.idempotencyKey, false);
    unsubscribe();
  };
}

/**
 * Follows a save restored after a reload (resumeSaves), which no form follows: its outbox actor
 * takes each of its steps from the mutation cache, from where it is now to how it ends.
 */
export function followRestoredSave(queryClient: QueryClient, mutation: Mutation): void {
  const variables = mutation.state.variables as SaveEntityVariables;
  const actor = outboxActor(variables);
  const progress = progressTo(actor);
  const step = () => {
    const { status, data, error } = mutation.state;
    if (status === 'success') actor.send({ type: 'save.landed', record: data as SavedRecord });
    else if (status === 'error') actor.send({ type: 'save.refused', error });
    else progress(mutation.state);
  };
  const stop = queryClient.getMutationCache().subscribe((event) => {
    if (event.mutation !== mutation) return;
    if (event.type === 'removed') {
      if (mutation.state.status === 'pending') actor.send({ type: 'save.cancel' });
    } else if (event.type === 'updated') step();
    if (actor.getSnapshot().status === 'done') stop();
  });
  step();
  if (actor.getSnapshot().status === 'done') stop();
}
