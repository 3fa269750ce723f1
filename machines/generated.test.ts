/**
 * Tests generated from every flow's statechart (issue 57). For each machine in FLOWS, XState's
 * graph utilities walk it with its samples (samples.ts):
 * - every state node and every transition it defines must be reached; one that no walk reaches
 *   is dead code or a missing sample, and fails;
 * - the shortest path to every state the walk found is replayed on a running actor whose effects
 *   are test doubles. At each step the actor must be in the state the walk says, with the
 *   context XState's pure `transition` computes for the same events, and must have asked for
 *   exactly the effects that transition lists.
 * The table of states and transitions reached prints with the run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  createActor,
  createMachine,
  fromCallback,
  initialTransition,
  transition,
} from 'xstate';
import { FLOWS } from './flows';
import { comparableContext, type FlowSamples, walkFlow } from './graph';
import { SAMPLES } from './samples';

/** The effects a machine asks its app for: its named actions that are not XState's own (assign). */
function effectNames(machine: AnyStateMachine): string[] {
  return Object.entries(machine.implementations.actions)
    .filter(([, action]) => !String((action as { type?: unknown }).type ?? '').startsWith('xstate.'))
    .map(([name]) => name);
}

/** The machine with every effect recorded and every invoked actor a double that never answers (the path answers for it). */
function withDoubles(machine: AnyStateMachine, asked: string[]): AnyStateMachine {
  const actions = Object.fromEntries(effectNames(machine).map((name) => [name, () => void asked.push(name)]));
  const actors = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((name) => [name, fromCallback(() => () => {})]),
  );
  return machine.provide({ actions, actors });
}

/** The effects XState's pure transition says a step asks for, in order. */
const effectsOf = (machine: AnyStateMachine, actions: { type: string }[]) => {
  const effects = new Set(effectNames(machine));
  return actions.map((action) => action.type).filter((type) => effects.has(type));
};

const table: string[] = [];
afterAll(() => {
  console.log(['', 'Flows: states and transitions the generated paths reach', ...table].join('\n'));
});

describe.each(FLOWS.map((flow) => [flow.name, flow] as const))('%s', (name, { machine }) => {
  const samples = SAMPLES[name]!;
  const walk = walkFlow(machine, samples);
  table.push(
    `  ${name.padEnd(16)} states ${walk.reachedStates.size}/${walk.states.length}  transitions ${walk.takenTransitions.size}/${walk.transitions.length}  paths ${walk.paths.length}`,
  );

  it('reaches every state and takes every transition', () => {
    expect(walk.states.filter((node) => !walk.reachedStates.has(node.id)).map((node) => node.id)).toEqual([]);
    expect(walk.transitions.filter((info) => !walk.takenTransitions.has(info.key)).map((info) => info.key)).toEqual([]);
  });

  it('follows every shortest path on a running actor, asking for the effects the chart says', () => {
    expect(walk.paths.length).toBeGreaterThan(0);
    for (const { input, path } of walk.paths) {
      const asked: string[] = [];
      const actor = createActor(withDoubles(machine, asked), { input } as never);
      actor.start();
      let [expected, actions] = initialTransition(machine, input as never) as [AnyMachineSnapshot, { type: string }[]];
      const expectedAsks = effectsOf(machine, actions);
      const trail: string[] = [];
      for (const step of path.steps) {
        if (step.event.type === 'xstate.init') continue;
        trail.push(step.event.type);
        [expected, actions] = transition(machine, expected, step.event as EventObject) as [
          AnyMachineSnapshot,
          { type: string }[],
        ];
        expectedAsks.push(...effectsOf(machine, actions));
        actor.send(step.event as EventObject);
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        const where = `${name} after ${trail.join(' → ')}`;
        expect(snapshot.value, where).toEqual(step.state.value);
        // The walk keeps one context per state it tells apart (samples' `key`): the context to
        // compare with is the chart's own for this path's events.
        expect(snapshot.value, where).toEqual(expected.value);
        expect(comparableContext(snapshot, samples.ignore), where).toEqual(comparableContext(expected, samples.ignore));
        expect(asked, where).toEqual(expectedAsks);
      }
      expect(actor.getSnapshot().value).toEqual(path.state.value);
      actor.stop();
    }
  });
});

describe('the coverage check', () => {
  it('fails a machine with a state no event reaches', () => {
    // `orphan` is defined but nothing leads to it: the walk must say so rather than pass.
    const machine = createMachine({
      id: 'withOrphan',
      initial: 'idle',
      states: { idle: { on: { go: 'done' } }, done: {}, orphan: { on: { back: 'idle' } } },
    });
    const samples: FlowSamples = { events: () => [{ type: 'go' }, { type: 'back' }] };
    const walk = walkFlow(machine, samples);
    expect(walk.states.filter((node) => !walk.reachedStates.has(node.id)).map((node) => node.id)).toEqual(['withOrphan.orphan']);
    expect(walk.transitions.filter((info) => !walk.takenTransitions.has(info.key)).map((info) => info.key)).toEqual([
      'orphan on back #1',
    ]);
  });
});
