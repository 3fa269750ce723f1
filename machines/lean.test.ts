/**
 * A lean chart runs the same on a public page (runLean) as its XState machine does in the tests,
 * the docs and the inspector: every shortest path the generated tests walk (generated.test.ts) is
 * replayed on both, and at every step they must be in the same state, with the same context,
 * having asked for the same effects.
 */
import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, type EventObject, createActor } from 'xstate';
import { FLOWS } from './flows';
import { comparableContext, walkFlow } from './graph';
import { type LeanChart, type LeanEvent, type LeanImplementations, runLean } from './lean';
import { publicFormChart, publicFormImplementations } from './public-form-chart';
import { SAMPLES } from './samples';

const LEAN: Record<string, [LeanChart, LeanImplementations<never, LeanEvent>]> = {
  'public-form': [publicFormChart, publicFormImplementations as never],
};

/** The implementations with each effect recorded by name. */
function recording<C, E extends LeanEvent>(implementations: LeanImplementations<C, E>, asked: string[]) {
  const effects = Object.fromEntries(Object.keys(implementations.effects).map((name) => [name, () => void asked.push(name)]));
  return { ...implementations, effects };
}

describe.each(Object.entries(LEAN))('%s on a page and as a machine', (name, [chart, implementations]) => {
  const flow = FLOWS.find((candidate) => candidate.name === name)!;
  const walk = walkFlow(flow.machine, SAMPLES[name]!);

  it('takes the same steps on every generated path', () => {
    expect(walk.paths.length).toBeGreaterThan(0);
    for (const { input, path } of walk.paths) {
      const leanAsked: string[] = [];
      const machineAsked: string[] = [];
      const lean = runLean(chart, recording(implementations, leanAsked), input as never);
      const actions = Object.fromEntries(
        Object.keys(implementations.effects).map((effect) => [effect, () => void machineAsked.push(effect)]),
      );
      const actor = createActor(flow.machine.provide({ actions }), { input } as never).start();
      const trail: string[] = [];
      const compare = () => {
        const where = `${name} after ${trail.join(' → ') || 'the start'}`;
        const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
        expect(lean.get().value, where).toEqual(snapshot.value);
        expect(JSON.parse(JSON.stringify(lean.get().context)), where).toEqual(comparableContext(snapshot));
        expect(leanAsked, where).toEqual(machineAsked);
      };
      compare();
      for (const step of path.steps) {
        if (step.event.type === 'xstate.init') continue;
        trail.push(step.event.type);
        lean.send(step.event as never);
        actor.send(step.event as EventObject);
        compare();
      }
      actor.stop();
    }
  });
});

describe('runLean', () => {
  const chart: LeanChart = {
    id: 'counter',
    initial: 'low',
    on: { reset: { target: '.low', actions: ['zero'] } },
    states: {
      low: { on: { add: { actions: ['add', 'echo'] } }, always: [{ guard: 'big', target: 'high' }] },
      high: { on: { add: {} } },
      done: { type: 'final' },
    },
  };
  type Context = { n: number; seen: number[] };
  type Event = { type: 'add' } | { type: 'reset' } | { type: 'echoed' };

  const guards = { big: (context: Context) => context.n >= 2 };
  const updates = { add: (context: Context) => ({ n: context.n + 1 }), zero: () => ({ n: 0 }) };

  it('lets an effect see the changes before it, and takes what it sends after the step', () => {
    const seen: number[] = [];
    const run = runLean<Context, Event>(
      chart,
      {
        guards,
        updates,
        effects: {
          echo: (context) => {
            run.send({ type: 'reset' });
            seen.push(context.n, run.get().context.n);
          },
        },
      },
      { n: 0, seen: [] },
    );
    run.send({ type: 'add' });
    expect(seen).toEqual([1, 1]);
    expect(run.get()).toEqual({ value: 'low', context: { n: 0, seen: [] } });
  });

  it('takes an eventless transition once its guard holds, and ignores what the state does not handle', () => {
    const run = runLean<Context, Event>(chart, { guards, updates, effects: { echo: () => {} } }, { n: 0, seen: [] });
    run.send({ type: 'add' });
    expect(run.get().value).toBe('low');
    run.send({ type: 'add' });
    expect(run.get()).toEqual({ value: 'high', context: { n: 2, seen: [] } });
    run.send({ type: 'echoed' });
    run.send({ type: 'add' });
    expect(run.get()).toEqual({ value: 'high', context: { n: 2, seen: [] } });
    run.send({ type: 'reset' });
    expect(run.get()).toEqual({ value: 'low', context: { n: 0, seen: [] } });
  });
});
