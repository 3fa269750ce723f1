/** What the flow recorder keeps: secrets masked at any depth, and a replay that says where a log and its machine part. */
import { describe, expect, it } from 'vitest';
import { deleteConfirmMachine } from '../../../machines/delete-confirm';
import { isFlowLogFile, MASK, masked, type FlowEntry } from '../../../src/client/flows/log';
import { replay } from '../../../src/client/flows/replay';

describe('masked', () => {
  it('hides passwords, tokens, codes and secrets at any depth, and a secret field’s typed value', () => {
    const shown = masked({
      identifier: 'staff@example.org',
      password: 'hunter2',
      nested: { token: 'abc', list: [{ recovery_code: 'r-1' }], keyField: 'id' },
      event: { type: 'field.change', field: 'password', value: 'typed' },
      output: { token: 'server-token', user: { id: 3 } },
      empty: { password: '' },
    }) as Record<string, unknown>;
    const text = JSON.stringify(shown);
    for (const secret of ['hunter2', 'abc', 'r-1', 'typed', 'server-token']) expect(text).not.toContain(secret);
    expect(shown.identifier).toBe('staff@example.org');
    expect(shown.password).toBe(MASK);
    expect((shown.nested as { keyField: string }).keyField).toBe('id');
    // Empty stays empty: a replay still tells "nothing typed" from "typed".
    expect((shown.empty as { password: string }).password).toBe('');
  });

  it('describes what cannot travel: functions and errors', () => {
    expect(masked({ validate: () => ({}), error: new Error('No connection') })).toEqual({
      validate: '(function)',
      error: { error: 'No connection' },
    });
  });
});

describe('replay', () => {
  const step = (event: FlowEntry['event'], state: string, context: unknown): FlowEntry => ({
    tab: 't',
    actor: 'x:1',
    machine: 'deleteConfirm',
    at: 0,
    event,
    state,
    context,
  });
  const target = { id: '3', label: 'A FAQ' };

  it('reaches each recorded state, and says at which step a log parts from the machine', () => {
    const log = [
      step({ type: 'xstate.init' }, 'idle', { target: null, errorMessage: null }),
      step({ type: 'delete.request', ...target }, 'confirming', { target, errorMessage: null }),
      step({ type: 'delete.cancel' }, 'idle', { target: null, errorMessage: null }),
    ];
    expect(replay(deleteConfirmMachine, log).map((result) => result.same)).toEqual([true, true, true]);
    const tampered = [...log.slice(0, 2), step({ type: 'delete.cancel' }, 'deleting', { target: null, errorMessage: null })];
    const result = replay(deleteConfirmMachine, tampered);
    expect(result.map((r) => r.same)).toEqual([true, true, false]);
    expect(result[2]!.state).toBe('idle');
  });

  it('knows its own files', () => {
    expect(isFlowLogFile({ kind: 'orgsite-flow-log', version: 1, exportedAt: '', entries: [] })).toBe(true);
    expect(isFlowLogFile({ kind: 'orgsite-flow-log', version: 1, entries: [{ actor: 1 }] })).toBe(false);
    expect(isFlowLogFile([])).toBe(false);
  });
});
