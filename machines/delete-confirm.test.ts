import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type DeleteTarget, deleteConfirmMachine } from './delete-confirm';

function start(deleteItem: (t: DeleteTarget) => Promise<void>) {
  const notifyDeleted = vi.fn();
  const machine = deleteConfirmMachine.provide({
    actors: { deleteItem: fromPromise(({ input }: { input: DeleteTarget }) => deleteItem(input)) },
    actions: { notifyDeleted: (_, params) => notifyDeleted(params) },
  });
  return { actor: createActor(machine).start(), notifyDeleted };
}

const request = { type: 'delete.request', id: '4', label: 'About' } as const;

describe('delete-confirm machine', () => {
  it('starts idle with nothing selected', () => {
    const { actor } = start(vi.fn());
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it('a delete request opens the confirmation for that row', () => {
    const { actor } = start(vi.fn());
    actor.send(request);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.target).toEqual({ id: '4', label: 'About' });
  });

  it('Close returns to idle without deleting', () => {
    const deleteItem = vi.fn();
    const { actor } = start(deleteItem);
    actor.send(request);
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(deleteItem).not.toHaveBeenCalled();
  });

  it('Delete deletes the row, notifies (the list reloads) and returns to idle', async () => {
    const deleteItem = vi.fn(async () => {});
    const { actor, notifyDeleted } = start(deleteItem);
    actor.send(request);
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('deleting');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(deleteItem).toHaveBeenCalledWith({ id: '4', label: 'About' });
    expect(notifyDeleted).toHaveBeenCalledWith({ id: '4', label: 'About' });
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it('a failed delete stays in the dialog with the error; a retry clears it and can succeed', async () => {
    let calls = 0;
    const { actor, notifyDeleted } = start(async () => {
      if (++calls === 1) throw new Error('Server refused');
    });
    actor.send(request);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.errorMessage !== null);
    expect(actor.getSnapshot().context.errorMessage).toBe('Server refused');
    expect(notifyDeleted).not.toHaveBeenCalled();
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(notifyDeleted).toHaveBeenCalledTimes(1);
  });

  it('a failure without a message shows a generic one, and Close clears it', async () => {
    const { actor } = start(() => Promise.reject({}));
    actor.send(request);
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.context.errorMessage !== null);
    expect(actor.getSnapshot().context.errorMessage).toBe('Deleting failed. Please try again.');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().context).toEqual({ target: null, errorMessage: null });
  });

  it('ignores confirm and cancel while idle, and a second request while deleting', async () => {
    let finish: () => void = () => {};
    const deleteItem = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { actor } = start(deleteItem);
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(request);
    actor.send({ type: 'delete.confirm' });
    actor.send({ type: 'delete.request', id: '5', label: 'Other' });
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot().value).toBe('deleting');
    finish();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(deleteItem).toHaveBeenCalledTimes(1);
  });
});
