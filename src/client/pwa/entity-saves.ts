/**
 * Staff saves that survive a lost connection and a reload. Every save is a TanStack Query mutation
 * under the key ['entities', 'save'] whose function is registered as a mutation default, so a
 * mutation restored from storage after a reload knows how to run. Offline, a save pauses (network
 * mode 'online') and resumes when the browser is back; a save the server did not answer is retried
 * with a growing pause (saveRetryDelay, the one backoff of the admin). The mutation is the save's
 * only owner: its outbox actor (save-outbox.ts, machines/save-outbox.ts) follows it, and the form
 * machine follows what the actor tells it. Replaying is safe: a create
 * carries an Idempotency-Key (the server returns the first record for a repeated key) and an
 * update is a PUT of the whole form.
 *
 * Each save remembers who made it (its `owner`, admin/session/session-owner.ts) and is sent only
 * while that person's session is the stored one: on a shared computer, a save left by someone
 * whose session ended waits for their next sign-in and never goes out with the next person's.
 *
 * Pending saves are persisted with the public cache (see persistence.ts). They hold the edited
 * record in localStorage until the server has it: that is the price of losing no edit, and it is
 * staff's own device and own input; nothing read from the admin API is stored.
 */
import { hashKey, type Mutation, type QueryClient } from '@tanstack/react-query';
import type { AnyRecord } from '../../shared/entities';
import type { ItemEnvelope } from '../../shared/envelope';
import { ApiError, adminApi, type RequestOptions } from '../api/http';
import { discardedWith, sendAs } from '../admin/session/session-owner';
import { keepConflictedEdit } from './conflicted-edits';
import { isNetworkError } from './connectivity';

export const SAVE_ENTITY_KEY = ['entities', 'save'] as const;

export type SavedRecord = AnyRecord;

export interface SaveEntityVariables {
  /** The admin resource, e.g. 'posts'. */
  resource: string;
  /** The record's key for an update (PUT); absent for a create (POST). */
  id?: string;
  /** The JSON body as the API expects it. */
  body: Record<string, unknown>;
  /** One per form submission (crypto.randomUUID()); a retried create with it returns the first record. */
  idempotencyKey: string;
  /**
   * `draft` keeps the changes as the record's draft (visitors still see the published version);
   * `publish` saves them as the record and then drops the draft they came from. Default: a save.
   */
  intent?: 'save' | 'draft' | 'publish';
  /** A translation's save: only the record's text in this language, at the translation's own version. */
  locale?: string;
  /** Who made it (session-owner.ts ownerKey): it is sent only with their session. startSave sets it. */
  owner?: string;
  /**
   * A review step or comment (issue 61) instead of an edit: a POST to `…/{id}/review/{step}`
   * (`comments` for a comment) with `body`, keyed as a create is, so a resend lands once.
   */
  review?: ReviewStep;
  /** A review step's record as its sender saw it: what a refusal as stale is compared with. */
  seen?: Record<string, unknown>;
}

export type ReviewStep = 'submit' | 'approve' | 'request-changes' | 'publish' | 'comments';

/** Which edit of a record a refused copy belongs to: the record's own, or one language's text. */
export const editedResource = ({ resource, locale, review }: Pick<SaveEntityVariables, 'resource' | 'locale' | 'review'>) =>
  review ? `${resource}/review` : locale ? `${resource}:${locale}` : resource;

/** The request a save makes. */
export function saveRequest(variables: SaveEntityVariables): { path: string; options: RequestOptions } {
  const { resource, id, body, idempotencyKey, review } = variables;
  const keyed = (path: string) => ({
    path,
    options: { method: 'POST' as const, body, headers: { 'Idempotency-Key': idempotencyKey } },
  });
  if (id === undefined) return keyed(resource);
  if (review) return keyed(`${recordPath(variables)}/review/${review}`);
  if (variables.locale)
    return { path: recordPath(variables), options: { method: 'PUT', body, query: { locale: variables.locale } } };
  return { path: variables.intent === 'draft' ? draftPath(variables) : recordPath(variables), options: { method: 'PUT', body } };
}

/**
 * Keeps the edit of a save someone else's overtook (conflicted-edits.ts), for its form to compare.
 * The outbox's chart decides when (machines/save-outbox.ts, `conflictKept`).
 */
export const keepOvertakenEdit = (variables: SaveEntityVariables) =>
  keepConflictedEdit({
    resource: editedResource(variables),
    id: variables.id!,
    body: variables.seen ?? variables.body,
    owner: variables.owner,
    review: variables.review,
  });

const recordPath = ({ resource, id }: SaveEntityVariables) => `${resource}/${encodeURIComponent(id!)}`;
const draftPath = (variables: SaveEntityVariables) => `${recordPath(variables)}/draft`;

/**
 * Runs one save; each step is safe to repeat after a lost answer (a PUT, then a DELETE of the
 * draft). Each request goes only with its owner's session: under anyone else's (or none) the save
 * is held, unsent, until its owner signs in again.
 */
async function runSave(variables: SaveEntityVariables): Promise<SavedRecord> {
  const { path, options } = saveRequest(variables);
  const send = <T>(request: () => Promise<T>) =>
    sendAs(variables.owner, () => {
      if (cancelled.has(variables.idempotencyKey)) throw new SaveCancelledError();
      return request();
    });
  const answer = (await send(() => adminApi<ItemEnvelope<SavedRecord>>(path, options))).data;
  // A draft answers with the draft: the form goes on from the values it kept, at the same version.
  if (variables.intent === 'draft') return { ...variables.body, id: Number(variables.id) };
  if (variables.intent === 'publish') {
    await send(() => adminApi(draftPath(variables), { method: 'DELETE' })).catch((error: unknown) => {
      // Already dropped (a repeat, or someone published it): nothing left to do.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  }
  return answer;
}

/**
 * Saves of one record run one after another, so an older edit never lands after a newer one; one
 * person's, as another's save held for its owner must not hold theirs up.
 */
export const saveScope = (variables: SaveEntityVariables) =>
  `save:${variables.owner ?? ''}:${variables.resource}/${variables.id ?? variables.idempotencyKey}`;

/** Only an unanswered request is worth repeating; the server's 4xx/5xx answers go to the form. */
export const shouldRetrySave = (_failureCount: number, error: unknown) => isNetworkError(error);
export const saveRetryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

export interface SaveProgress {
  isPaused: boolean;
  status: string;
  failureCount: number;
  failureReason: unknown;
}

/** What the form shows as 'Waiting for connection…': paused offline, or retrying an unanswered request. */
export const isWaitingForConnection = (state: SaveProgress) =>
  state.status === 'pending' && (state.isPaused || (state.failureCount > 0 && isNetworkError(state.failureReason)));

/**
 * Structural, not the Mutation class: the persist-client packages bring their own copy of
 * query-core, whose Mutation type is a different class to TypeScript.
 */
interface MutationLike {
  options: { mutationKey?: readonly unknown[] };
  state: { status: string; isPaused: boolean };
}

export const isSave = (mutation: MutationLike) => hashKey(mutation.options.mutationKey ?? []) === hashKey(SAVE_ENTITY_KEY);

/** Persisted: saves that have not reached the server yet (paused, retrying, or in flight at a reload). */
export const shouldPersistMutation = (mutation: MutationLike) => isSave(mutation) && mutation.state.status === 'pending';

export function registerSaveDefaults(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(SAVE_ENTITY_KEY, {
    mutationFn: (variables: SaveEntityVariables) => runSave(variables),
    retry: shouldRetrySave,
    retryDelay: saveRetryDelay,
    onSuccess: async (_saved, variables: SaveEntityVariables) => {
      // Saves restored after a reload have no form waiting for them: the lists must still refresh.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['entities', variables.resource] }),
        queryClient.invalidateQueries({ queryKey: ['public'] }),
      ]);
    },
  });
}

/**
 * After the persisted cache is restored: run the saves a reload interrupted. Returns every save
 * restored, for its outbox actor to follow it again (save-outbox.ts followRestoredSave): that
 * keeps a refused edit for comparing, and shows the save in the flow inspector.
 */
export function resumeSaves(queryClient: QueryClient): Mutation[] {
  const restored = queryClient.getMutationCache().getAll().filter(shouldPersistMutation);
  const interrupted = restored.filter((mutation) => !mutation.state.isPaused);
  void queryClient.resumePausedMutations();
  for (const mutation of interrupted) void mutation.continue().catch(() => undefined);
  return restored as Mutation[];
}

/** What a running save reports (save-outbox.ts): the form machine follows it (machines/entity-form.ts). */
export interface SaveListener {
  /** The save is paused offline, or retrying a request the server did not answer. */
  waiting(): void;
  /** It is being sent again. */
  resumed(): void;
  landed(record: SavedRecord): void;
  /** The server refused it (validation, 401, 404 …): it will not be tried again. */
  failed(error: unknown): void;
}

/** Thrown instead of sending a save that staff cancelled. */
export class SaveCancelledError extends Error {
  constructor() {
    super('Saving was cancelled');
  }
}

/** Idempotency keys of cancelled saves: an attempt already scheduled checks here before it sends. */
const cancelled = new Set<string>();

/** Saves whose form is open and following them (it tells staff itself when they land). */
const followed = new Set<string>();

/** A form starts (true) or stops (false) following its save (save-outbox.ts). */
export function setFollowed(idempotencyKey: string, on: boolean): void {
  if (on) followed.add(idempotencyKey);
  else followed.delete(idempotencyKey);
}

/** Whether a save's own form follows it; one that landed with none (after a reload, or after staff moved on) is told elsewhere. */
export const isFollowed = (idempotencyKey: string) => followed.has(idempotencyKey);

/** Cancels a save that has not reached the server: it is never sent again, nor kept for after a reload. */
export function cancelSave(queryClient: QueryClient, idempotencyKey: string): void {
  cancelled.add(idempotencyKey);
  const mutations = queryClient.getMutationCache();
  for (const mutation of mutations.getAll()) {
    const variables = mutation.state.variables as SaveEntityVariables | undefined;
    if (isSave(mutation) && variables?.idempotencyKey === idempotencyKey) mutations.remove(mutation);
  }
}

/** The saves waiting on this device (held for someone else's session included). */
export const waitingSaves = (queryClient: QueryClient): SaveEntityVariables[] =>
  queryClient
    .getMutationCache()
    .getAll()
    .filter(shouldPersistMutation)
    .map((mutation) => mutation.state.variables as SaveEntityVariables);

/** Signing out as `owner`: their saves not yet sent are dropped, here and for after a reload. */
export function discardSavesOf(queryClient: QueryClient, owner: string | null): void {
  for (const save of waitingSaves(queryClient)) {
    if (discardedWith(save.owner, owner)) cancelSave(queryClient, save.idempotencyKey);
  }
}
