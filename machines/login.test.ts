import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type Credentials, LOGIN_MESSAGES, type SignInResult, loginErrorKind, loginMachine, REQUIRED_MESSAGES } from './login';

function start(signIn: (c: Credentials) => Promise<SignInResult>, storeSession = vi.fn()) {
  const machine = loginMachine.provide({
    actors: { signIn: fromPromise(({ input }: { input: Credentials }) => signIn(input)) },
    actions: { storeSession: (_, params) => storeSession(params) },
  });
  return { actor: createActor(machine).start(), storeSession };
}

function fill(actor: ReturnType<typeof start>['actor'], identifier: string, password: string) {
  actor.send({ type: 'field.change', field: 'identifier', value: identifier });
  actor.send({ type: 'field.change', field: 'password', value: password });
}

const failWith = (status: number) => () => Promise.reject(Object.assign(new Error(''), { status }));

describe('login machine', () => {
  it('starts editing with empty fields and Remember Me off', () => {
    const actor = createActor(loginMachine).start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ identifier: '', password: '', remember: false });
  });

  it('refuses to submit empty fields and shows both required messages inline', () => {
    const signIn = vi.fn();
    const { actor } = start(signIn);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      identifier: REQUIRED_MESSAGES.identifier,
      password: REQUIRED_MESSAGES.password,
    });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('clears a field error when that field is typed in', () => {
    const { actor } = start(vi.fn());
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'field.change', field: 'identifier', value: 'a' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: REQUIRED_MESSAGES.password });
  });

  it('treats a whitespace-only identifier as missing', () => {
    const { actor } = start(vi.fn());
    fill(actor, '   ', 'secret');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ identifier: REQUIRED_MESSAGES.identifier });
  });

  it('signs in with trimmed identifier, stores the session with the remember choice, ends signedIn', async () => {
    const signIn = vi.fn(async () => ({ token: 't0k' }));
    const { actor, storeSession } = start(signIn);
    fill(actor, ' admin@example.com ', 'pw');
    actor.send({ type: 'remember.change', value: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(signIn).toHaveBeenCalledWith({ identifier: 'admin@example.com', password: 'pw', remember: true });
    expect(storeSession).toHaveBeenCalledWith({ token: 't0k', remember: true });
  });

  it('stores whose the session is, so what they queue on the device is sent only with it', async () => {
    const { actor, storeSession } = start(async () => ({ token: 't0k', user: { id: 42 } }));
    fill(actor, 'admin@example.com', 'pw');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(storeSession).toHaveBeenCalledWith({ token: 't0k', remember: false, userId: 42 });
  });

  it.each([
    [401, 'wrongCredentials'],
    [429, 'throttled'],
    [0, 'network'],
    [500, 'other'],
  ] as const)('status %s shows the %s message', async (status, kind) => {
    const { actor, storeSession } = start(failWith(status));
    fill(actor, 'a', 'b');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context).toMatchObject({ errorKind: kind, errorMessage: LOGIN_MESSAGES[kind] });
    expect(storeSession).not.toHaveBeenCalled();
  });

  it('a throttled sign-in shows the server’s wait time when it gives one', async () => {
    const { actor } = start(() => Promise.reject(Object.assign(new Error('Try again in 42 seconds.'), { status: 429 })));
    fill(actor, 'a', 'b');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context).toMatchObject({ errorKind: 'throttled', errorMessage: 'Try again in 42 seconds.' });
  });

  it('from error, typing returns to editing and keeps the other field', async () => {
    const { actor } = start(failWith(401));
    fill(actor, 'a', 'b');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    actor.send({ type: 'field.change', field: 'password', value: 'c' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ identifier: 'a', password: 'c' });
  });

  it('from error, the remember box can change without leaving the error', async () => {
    const { actor } = start(failWith(401));
    fill(actor, 'a', 'b');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    actor.send({ type: 'remember.change', value: true });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.remember).toBe(true);
  });

  it('from error, submitting again retries and can succeed', async () => {
    let calls = 0;
    const { actor } = start(() => (++calls === 1 ? failWith(0)() : Promise.resolve({ token: 'x' })));
    fill(actor, 'a', 'b');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('signingIn');
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    await waitFor(actor, (s) => s.matches('signedIn'));
  });

  it('from error, submitting with a field emptied goes back to editing with the inline error', async () => {
    const { actor } = start(failWith(401));
    fill(actor, 'a', 'b');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    actor.send({ type: 'field.change', field: 'password', value: '' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: REQUIRED_MESSAGES.password });
  });

  it('classifies errors without a status as other', () => {
    expect(loginErrorKind(new Error('boom'))).toBe('other');
    expect(loginErrorKind(null)).toBe('other');
  });
});

describe('login machine: the code step of two-factor sign-in', () => {
  const codeRequired = Object.assign(new Error('Enter the code'), { status: 401, errors: { code: 'Code required' } });
  const wrongCode = Object.assign(new Error('Wrong code'), { status: 401, errors: { code: 'Wrong code' } });

  it('asks for a code when the password alone is not enough, then signs in with it', async () => {
    const signIn = vi.fn((c: Credentials) =>
      c.code === '123456' ? Promise.resolve({ token: 't-2fa' }) : Promise.reject(codeRequired),
    );
    const { actor, storeSession } = start(signIn);
    fill(actor, 'staff@example.org', 'right-password');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('codeEntry'));
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    expect(signIn).toHaveBeenLastCalledWith({ identifier: 'staff@example.org', password: 'right-password', remember: false });

    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: REQUIRED_MESSAGES.code });
    actor.send({ type: 'field.change', field: 'code', value: ' 123456 ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(signIn).toHaveBeenLastCalledWith({
      identifier: 'staff@example.org',
      password: 'right-password',
      remember: false,
      code: '123456',
    });
    expect(storeSession).toHaveBeenCalledWith({ token: 't-2fa', remember: false });
  });

  it('stays on the code step after a wrong code, saying so, and Back returns to an empty password', async () => {
    const signIn = vi.fn((c: Credentials) => Promise.reject(c.code ? wrongCode : codeRequired));
    const { actor } = start(signIn);
    fill(actor, 'staff@example.org', 'right-password');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('codeEntry'));
    actor.send({ type: 'field.change', field: 'code', value: '000000' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('codeEntry') && s.context.errorKind !== null);
    expect(actor.getSnapshot().context).toMatchObject({ errorKind: 'wrongCode', errorMessage: LOGIN_MESSAGES.wrongCode });
    actor.send({ type: 'code.back' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      identifier: 'staff@example.org',
      password: '',
      code: '',
      errorMessage: null,
    });
  });
});
