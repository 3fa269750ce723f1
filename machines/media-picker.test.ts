import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mediaPickerMachine } from './media-picker';

function start(deleteFile: (url: string) => Promise<void> = async () => {}, selected?: string) {
  const insertFile = vi.fn();
  const notifyDeleted = vi.fn();
  const machine = mediaPickerMachine.provide({
    actors: { deleteFile: fromPromise(({ input }: { input: { url: string } }) => deleteFile(input.url)) },
    actions: {
      insertFile: (_, params) => insertFile(params),
      notifyDeleted: (_, params) => notifyDeleted(params),
    },
  });
  return { actor: createActor(machine, { input: { selected } }).start(), insertFile, notifyDeleted };
}

const A = 'http://x/uploads/a.png';
const B = 'http://x/uploads/b.png';

describe('media-picker machine', () => {
  it('starts browsing with no selection, or with the field’s current file', () => {
    expect(start().actor.getSnapshot()).toMatchObject({ value: 'browsing', context: { selected: null } });
    expect(start(undefined, A).actor.getSnapshot().context.selected).toBe(A);
  });

  it('a click selects, a click on another file moves the selection, a second click deselects (spec §2.2)', () => {
    const { actor } = start();
    actor.send({ type: 'file.click', url: A });
    expect(actor.getSnapshot().context.selected).toBe(A);
    actor.send({ type: 'file.click', url: B });
    expect(actor.getSnapshot().context.selected).toBe(B);
    actor.send({ type: 'file.click', url: B });
    expect(actor.getSnapshot().context.selected).toBeNull();
    expect(actor.getSnapshot().can({ type: 'selection.insert' })).toBe(false);
  });

  it('a double click inserts the file, although its second click deselected it', () => {
    const { actor, insertFile } = start();
    actor.send({ type: 'file.click', url: A });
    actor.send({ type: 'file.click', url: A });
    actor.send({ type: 'file.insert', url: A });
    expect(actor.getSnapshot().value).toBe('inserted');
    expect(insertFile).toHaveBeenCalledWith({ url: A });
  });

  it('a fresh upload may start selected, and a click on it then deselects it', () => {
    const { actor } = start(undefined, A);
    actor.send({ type: 'file.click', url: A });
    expect(actor.getSnapshot().context.selected).toBeNull();
  });

  it('Insert does nothing without a selection', () => {
    const { actor, insertFile } = start();
    expect(actor.getSnapshot().can({ type: 'selection.insert' })).toBe(false);
    actor.send({ type: 'selection.insert' });
    expect(actor.getSnapshot().value).toBe('browsing');
    expect(insertFile).not.toHaveBeenCalled();
  });

  it('Insert with a selection writes the address and ends the picker', () => {
    const { actor, insertFile } = start();
    actor.send({ type: 'file.click', url: A });
    actor.send({ type: 'selection.insert' });
    expect(actor.getSnapshot().value).toBe('inserted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(insertFile).toHaveBeenCalledWith({ url: A });
  });

  it('Delete does nothing without a selection', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'selection.delete' })).toBe(false);
    actor.send({ type: 'selection.delete' });
    expect(actor.getSnapshot().value).toBe('browsing');
  });

  it('Delete asks first; cancelling keeps the file selected', () => {
    const deleteFile = vi.fn(async () => {});
    const { actor } = start(deleteFile);
    actor.send({ type: 'file.click', url: A });
    actor.send({ type: 'selection.delete' });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'delete.cancel' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'browsing', context: { selected: A } });
    expect(deleteFile).not.toHaveBeenCalled();
  });

  it('confirmed delete: deleting (no further clicks or deletes), then browsing with nothing selected', async () => {
    let finish: () => void = () => {};
    const deleteFile = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { actor, notifyDeleted } = start(deleteFile);
    actor.send({ type: 'file.click', url: A });
    actor.send({ type: 'selection.delete' });
    actor.send({ type: 'delete.confirm' });
    expect(actor.getSnapshot().value).toBe('deleting');
    expect(actor.getSnapshot().can({ type: 'selection.delete' })).toBe(false);
    actor.send({ type: 'file.click', url: B });
    actor.send({ type: 'selection.insert' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'deleting', context: { selected: A } });
    finish();
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(deleteFile).toHaveBeenCalledWith(A);
    expect(notifyDeleted).toHaveBeenCalledWith({ url: A });
    expect(actor.getSnapshot().context.selected).toBeNull();
  });

  it('a failed delete returns to browsing with the error and the selection; a new click clears the error', async () => {
    const { actor, notifyDeleted } = start(() => Promise.reject(new Error('File is in use')));
    actor.send({ type: 'file.click', url: A });
    actor.send({ type: 'selection.delete' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(actor.getSnapshot().context).toEqual({ selected: A, errorMessage: 'File is in use' });
    expect(notifyDeleted).not.toHaveBeenCalled();
    actor.send({ type: 'file.click', url: B });
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('a failure without a message shows a generic one; asking to delete again clears it', async () => {
    const { actor } = start(() => Promise.reject({}));
    actor.send({ type: 'file.click', url: A });
    actor.send({ type: 'selection.delete' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Deleting the file failed. Please try again.');
    actor.send({ type: 'selection.delete' });
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });
});
