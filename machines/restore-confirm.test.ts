import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type RestoreTarget, type RestoreUndo, restoreConfirmMachine } from './restore-confirm';

function start(restore: (t: RestoreTarget) => Promise<RestoreUndo | null>, undo: (u: RestoreUndo) => Promise<void> = vi.fn()) {
  const notifyRestored = vi.fn();
  const notifyUndone = vi.fn();
  const machine = restoreConfirmMachine.provide({
    actors: {
      restoreRevision: fromPromise(({ input }: { input: RestoreTarget }) => restore(input)),
      undoRestore: fromPromise(({ input }: { input: RestoreUndo }) => undo(input)),
    },
    actions: {
      notifyRestored: (_, params) => notifyRestored(params),
      notifyUndone: (_, params) => notifyUndone(params),
    },
  });
  return { actor: createActor(machine).start(), notifyRestored, notifyUndone };
}

const request = { type: 'restore.request', revisionId: 7, version: 1 } as const;
const replaced = { revisionId: 9, version: 2 };

describe('restore-confirm machine', () => {
  it('a Restore press asks first and restores nothing until confirmed; Cancel goes back', () => {
    const restore = vi.fn();
    const { actor } = start(restore);
    actor.send(request);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.target).toEqual({ revisionId: 7, version: 1 });
    actor.send({ type: 'restore.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(restore).not.toHaveBeenCalled();
  });

  it('confirmed, it restores, says so with what Undo would bring back, and Undo restores that', async () => {
    const undo = vi.fn(() => Promise.resolve());
    const { actor, notifyRestored, notifyUndone } = start(() => Promise.resolve(replaced), undo);
    actor.send(request);
    actor.send({ type: 'restore.confirm' });
    await waitFor(actor, (s) => s.matches('restored'));
    expect(notifyRestored).toHaveBeenCalledWith({ target: { revisionId: 7, version: 1 }, undo: replaced });
    actor.send({ type: 'restore.undo' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(undo).toHaveBeenCalledWith(replaced);
    expect(notifyUndone).toHaveBeenCalledWith({ target: { revisionId: 7, version: 1 }, undo: replaced });
  });

  it('a failed restore stays in the dialog with its error; the toast closing ends the Undo', async () => {
    const { actor } = start(() => Promise.reject(new Error('Not allowed')));
    actor.send(request);
    actor.send({ type: 'restore.confirm' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.errorMessage !== null);
    expect(actor.getSnapshot().context.errorMessage).toBe('Not allowed');

    const ok = start(() => Promise.resolve(replaced));
    ok.actor.send(request);
    ok.actor.send({ type: 'restore.confirm' });
    await waitFor(ok.actor, (s) => s.matches('restored'));
    ok.actor.send({ type: 'restore.dismiss' });
    expect(ok.actor.getSnapshot().value).toBe('idle');
    ok.actor.send({ type: 'restore.undo' });
    expect(ok.actor.getSnapshot().value).toBe('idle');
  });
});
