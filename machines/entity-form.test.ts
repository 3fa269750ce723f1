import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, fromCallback, fromPromise, waitFor } from 'xstate';
import { type EntityFormInput, entityFormMachine, type FormValues, type SaveEvent, type SaveInput } from './entity-form';

interface Fakes {
  load?: (id: string) => Promise<FormValues>;
  /** Settles the save: resolved lands it, rejected is the server's refusal. */
  save?: (input: SaveInput) => Promise<FormValues>;
}

function start(input: EntityFormInput, fakes: Fakes = {}) {
  const notifySaved = vi.fn();
  const cancelSave = vi.fn();
  const saves: SaveInput[] = [];
  let report: (event: SaveEvent) => void = () => {};
  const machine = entityFormMachine.provide({
    actors: {
      load: fromPromise(({ input: i }: { input: { id: string } }) => (fakes.load ?? (async () => ({})))(i.id)),
      // Like the app's save actor: it owns the save and reports what happens to it.
      save: fromCallback<EventObject, SaveInput>(({ input: i, sendBack }) => {
        saves.push(i);
        report = sendBack;
        (fakes.save ?? (async (s) => ({ id: 7, ...s.values })))(i).then(
          (record) => sendBack({ type: 'save.landed', record }),
          (error: unknown) => sendBack({ type: 'save.failed', error }),
        );
      }),
    },
    actions: {
      notifySaved: (_, params) => notifySaved(params),
      cancelSave: (_, params) => cancelSave(params),
    },
  });
  return { actor: createActor(machine, { input }).start(), notifySaved, cancelSave, saves, report: (e: SaveEvent) => report(e) };
}

/** A save that neither lands nor fails until the test reports it. */
const pending = () => new Promise<FormValues>(() => {});

const refused = (status: number, message: string, errors: Record<string, string> = {}) =>
  Object.assign(new Error(message), { status, errors });

afterEach(() => vi.useRealTimers());

describe('entity-form machine', () => {
  it('without an id starts editing with the initial values (create mode)', () => {
    const { actor } = start({ initialValues: { status: 1 } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ id: undefined, values: { status: 1 } });
  });

  it('with an id loads the record, then edits it', async () => {
    const load = vi.fn(async () => ({ id: 3, title: 'About' }));
    const { actor } = start({ id: '3' }, { load });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(load).toHaveBeenCalledWith('3');
    expect(actor.getSnapshot().context.values).toEqual({ id: 3, title: 'About' });
  });

  it('a record just created opens at its own address with the success alert, then edits', async () => {
    vi.useFakeTimers();
    const { actor } = start({ id: '7', justCreated: true, successMs: 3000 }, { load: async () => ({ id: 7, title: 'New' }) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('success'));
    expect(actor.getSnapshot().context).toMatchObject({ values: { id: 7, title: 'New' }, justCreated: false });
    vi.advanceTimersByTime(3000);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('a failed load shows the error and Retry loads again', async () => {
    let calls = 0;
    const { actor } = start(
      { id: '3' },
      { load: async () => (++calls === 1 ? Promise.reject(refused(404, 'Not found')) : { id: 3 }) },
    );
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Not found');
    actor.send({ type: 'form.retryLoad' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
  });

  it('"Save and add another" saves, says so, and starts a new, empty record', async () => {
    const { actor, notifySaved, saves } = start({ initialValues: { title: '', status: 1 } });
    actor.send({ type: 'field.change', field: 'title', value: 'First' });
    actor.send({ type: 'form.submit', andNew: true });
    await waitFor(actor, (s) => s.matches('editing') && s.context.values.title === '');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.values).toMatchObject({ title: 'First' });
    expect(notifySaved).toHaveBeenCalledWith(expect.objectContaining({ created: true, andNew: true, intent: 'save' }));
    expect(actor.getSnapshot().context).toMatchObject({ id: undefined, values: { title: '', status: 1 }, andNew: false });

    // The next submit creates another record; a plain one then stays on it.
    actor.send({ type: 'field.change', field: 'title', value: 'Second' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(saves[1]!.id).toBeUndefined();
    expect(notifySaved).toHaveBeenLastCalledWith(expect.objectContaining({ created: true, andNew: false }));
    expect(actor.getSnapshot().context.id).toBe('7');
  });

  it('typing changes values and clears that field error', () => {
    const { actor } = start({ validate: (v): Record<string, string> => (v.title ? {} : { title: 'Title is required' }) });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ title: 'Title is required' });
    actor.send({ type: 'field.change', field: 'title', value: 'Hello' });
    expect(actor.getSnapshot().context).toMatchObject({ values: { title: 'Hello' }, fieldErrors: {} });
  });

  it('client-side check failures stay in editing and never call save', () => {
    const { actor, saves } = start({ validate: () => ({ confirm_password: 'Passwords do not match.' }) });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorMessage).toBe('Please correct the highlighted fields.');
    expect(saves).toHaveLength(0);
  });

  it('create: saving → success with the server record, the new id, and a fresh idempotency key', async () => {
    const { actor, notifySaved, saves } = start({ initialValues: {} });
    actor.send({ type: 'field.change', field: 'title', value: 'New' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ saving: 'sending' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(saves[0]).toMatchObject({ id: undefined, values: { title: 'New' } });
    expect(saves[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(actor.getSnapshot().context).toMatchObject({ id: '7', values: { id: 7, title: 'New' } });
    expect(notifySaved).toHaveBeenCalledWith({ record: { id: 7, title: 'New' }, created: true, intent: 'save', andNew: false });
  });

  it('after a create the next save updates the created record', async () => {
    const { actor, saves, notifySaved } = start({ initialValues: {} });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success') && saves.length === 2);
    expect(saves[1]!.id).toBe('7');
    expect(saves[1]!.idempotencyKey).not.toBe(saves[0]!.idempotencyKey);
    expect(notifySaved).toHaveBeenLastCalledWith(expect.objectContaining({ created: false }));
  });

  it('uses the key field for the saved record (app settings by app_key)', async () => {
    const { actor, saves } = start(
      { id: 'demo', keyField: 'app_key' },
      { load: async () => ({ app_key: 'demo', name: 'A' }), save: async (s) => ({ ...s.values }) },
    );
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(saves[0]!.id).toBe('demo');
    expect(actor.getSnapshot().context.id).toBe('demo');
  });

  it('success returns to editing after the success delay (3000 ms by default)', async () => {
    vi.useFakeTimers();
    const { actor } = start({});
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().value).toBe('success');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('honours a success delay given as input', async () => {
    vi.useFakeTimers();
    const { actor } = start({ successMs: 500 });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('success');
    vi.advanceTimersByTime(500);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('typing during the success alert keeps the alert and the typed value', async () => {
    const { actor } = start({});
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'field.change', field: 'title', value: 'More' });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context.values.title).toBe('More');
  });

  it('submitting during the success alert saves again; an invalid one returns to editing', async () => {
    let valid = true;
    const { actor, saves } = start({ validate: (): Record<string, string> => (valid ? {} : { title: 'bad' }) });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    valid = false;
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ title: 'bad' });
    valid = true;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success') && saves.length === 2);
  });

  it('submit during success goes straight to saving', async () => {
    const { actor } = start({});
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ saving: 'sending' });
  });

  it('a refused save returns to editing with the message and field errors, keeping the values', async () => {
    const { actor, notifySaved } = start(
      { initialValues: { email: 'bad' } },
      { save: () => Promise.reject(refused(422, 'Validation failed', { email: 'Email must be valid' })) },
    );
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({
      values: { email: 'bad' },
      errorMessage: 'Validation failed',
      fieldErrors: { email: 'Email must be valid' },
    });
    expect(notifySaved).not.toHaveBeenCalled();
  });

  it('a failure without a message shows a generic one', async () => {
    const { actor } = start({}, { save: () => Promise.reject({}) });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errorMessage !== null);
    expect(actor.getSnapshot().context.errorMessage).toBe('Saving failed. Please try again.');
  });

  it('follows a save that waits for the connection and is sent again, and lands it once', async () => {
    const { actor, saves, notifySaved, report } = start({}, { save: pending });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches({ saving: 'sending' })).toBe(true);
    report({ type: 'save.waiting' });
    expect(actor.getSnapshot().matches({ saving: 'waitingForConnection' })).toBe(true);
    report({ type: 'save.resumed' });
    expect(actor.getSnapshot().matches({ saving: 'sending' })).toBe(true);
    report({ type: 'save.landed', record: { id: 9, title: 'Landed' } });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().context).toMatchObject({ id: '9', values: { id: 9, title: 'Landed' } });
    expect(saves).toHaveLength(1);
    expect(notifySaved).toHaveBeenCalledTimes(1);
  });

  it('Cancel while waiting cancels the save itself and keeps the values', () => {
    const { actor, saves, cancelSave, report } = start({ initialValues: { title: 'Kept' } }, { save: pending });
    actor.send({ type: 'form.submit' });
    report({ type: 'save.waiting' });
    actor.send({ type: 'form.cancelWaiting' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(cancelSave).toHaveBeenCalledWith({ idempotencyKey: saves[0]!.idempotencyKey });
    expect(actor.getSnapshot().context.values).toEqual({ title: 'Kept' });
    expect(actor.getSnapshot().context.errorMessage).toMatch(/cancelled/);
    // A late report of the stopped save changes nothing.
    report({ type: 'save.landed', record: { id: 1 } });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('offers Cancel only while waiting: a save being sent runs to its answer', () => {
    const { actor, cancelSave } = start({}, { save: pending });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.cancelWaiting' });
    expect(actor.getSnapshot().matches({ saving: 'sending' })).toBe(true);
    expect(cancelSave).not.toHaveBeenCalled();
  });

  it('a new submit after a cancelled save is a new attempt with a new idempotency key', () => {
    const { actor, saves, report } = start({}, { save: pending });
    actor.send({ type: 'form.submit' });
    report({ type: 'save.waiting' });
    actor.send({ type: 'form.cancelWaiting' });
    actor.send({ type: 'form.submit' });
    expect(saves).toHaveLength(2);
    expect(saves[1]!.idempotencyKey).not.toBe(saves[0]!.idempotencyKey);
  });
});

describe('entity-form machine: someone else saved first', () => {
  const theirs = { id: 3, version: 5, title: 'Their title', body: 'Same body', tags: 'their-tag' };
  const staleSave = () => Promise.reject(Object.assign(new Error('saved by someone else'), { status: 409, current: theirs }));

  async function inConflict() {
    let attempt = 0;
    const saveFake = vi.fn(async (s: SaveInput) => {
      attempt += 1;
      if (attempt === 1) return staleSave();
      return { ...s.values, version: 6 };
    });
    const started = start(
      { id: '3' },
      { load: async () => ({ id: 3, version: 4, title: 'Old', body: 'Same body', tags: 'old' }), save: saveFake },
    );
    await waitFor(started.actor, (s) => s.matches('editing'));
    started.actor.send({ type: 'field.change', field: 'title', value: 'My title' });
    started.actor.send({ type: 'field.change', field: 'tags', value: 'my-tag' });
    started.actor.send({ type: 'form.submit' });
    await waitFor(started.actor, (s) => s.matches('conflict'));
    return started;
  }

  it('shows both sides of every field that differs, keeping what the user typed', async () => {
    const { actor } = await inConflict();
    const { conflict, values } = actor.getSnapshot().context;
    expect(conflict).toMatchObject({ fields: ['title', 'tags'], choices: { title: 'yours', tags: 'yours' } });
    expect(conflict!.yours).toMatchObject({ title: 'My title', tags: 'my-tag', version: 4 });
    expect(conflict!.theirs).toEqual(theirs);
    expect(values).toMatchObject({ title: 'My title', tags: 'my-tag' });
  });

  it('saves the chosen side of each field on the stored version', async () => {
    const { actor, saves } = await inConflict();
    actor.send({ type: 'conflict.choose', field: 'tags', side: 'theirs' });
    actor.send({ type: 'conflict.save' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(saves[1]!.values).toMatchObject({ version: 5, title: 'My title', tags: 'their-tag', body: 'Same body' });
    expect(actor.getSnapshot().context.conflict).toBeNull();
  });

  it('takes all of one side at once', async () => {
    const { actor, saves } = await inConflict();
    actor.send({ type: 'conflict.chooseAll', side: 'theirs' });
    actor.send({ type: 'conflict.save' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(saves[1]!.values).toMatchObject({ version: 5, title: 'Their title', tags: 'their-tag' });
  });

  it('a refusal that is not a conflict goes back to editing with the message, as before', async () => {
    const { actor } = start(
      { initialValues: { title: 'x' } },
      { save: () => Promise.reject(refused(409, 'Slug is already used', { slug: 'taken' })) },
    );
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errorMessage !== null);
    expect(actor.getSnapshot().context).toMatchObject({ conflict: null, fieldErrors: { slug: 'taken' } });
  });
});

describe('entity-form machine: an edit kept from before a reload', () => {
  it('compares the kept edit with the loaded record, and saves the choice on the loaded version', async () => {
    const { actor, saves } = start(
      { id: '3' },
      { load: async () => ({ id: 3, version: 7, title: 'Saved meanwhile', body: 'Text' }) },
    );
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'conflict.restore', yours: { id: 3, version: 6, title: 'Written offline', body: 'Text' } });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.conflict).toMatchObject({ fields: ['title'], theirs: { title: 'Saved meanwhile' } });
    actor.send({ type: 'conflict.save' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(saves[0]!.values).toMatchObject({ version: 7, title: 'Written offline' });
  });

  describe('drafts', () => {
    it('Save draft saves with intent draft and says so; a submit after it is a save again', async () => {
      const { actor, saves } = start({ id: '3' }, { load: async () => ({ id: 3, version: 2, title: 'Live' }) });
      await waitFor(actor, (s) => s.matches('editing'));
      actor.send({ type: 'field.change', field: 'title', value: 'Draft' });
      actor.send({ type: 'form.saveDraft' });
      expect(actor.getSnapshot().matches('saving')).toBe(true);
      await waitFor(actor, (s) => s.matches('success'));
      expect(saves[0]).toMatchObject({ id: '3', intent: 'draft', values: { title: 'Draft' } });
      expect(actor.getSnapshot().context.intent).toBe('draft');
      actor.send({ type: 'form.submit' });
      await waitFor(actor, (s) => s.matches('success') && s.context.intent === 'save');
      expect(saves[1]).toMatchObject({ intent: 'save' });
    });

    it('a new record has no draft to save', () => {
      const { actor, saves } = start({});
      actor.send({ type: 'form.saveDraft' });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(saves).toEqual([]);
    });

    it('reload starts again from the stored record (after a draft was discarded)', async () => {
      let loads = 0;
      const { actor } = start({ id: '3' }, { load: async () => ({ id: 3, title: ++loads === 1 ? 'Draft' : 'Live' }) });
      await waitFor(actor, (s) => s.matches('editing'));
      actor.send({ type: 'form.reload' });
      expect(actor.getSnapshot().value).toBe('loading');
      await waitFor(actor, (s) => s.matches('editing'));
      expect(actor.getSnapshot().context.values.title).toBe('Live');
    });
  });
});
