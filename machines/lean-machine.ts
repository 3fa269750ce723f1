/**
 * The XState machine of a lean chart (lean.ts): the same states, transitions, guards and context
 * changes, its effects named actions that do nothing until provided. What the generated tests walk,
 * the docs draw and the inspector shows; a public page runs the chart with `runLean` instead.
 */
import { type AnyStateMachine, assign, createActor, type InspectionEvent, setup } from 'xstate';
import type { LeanChart, LeanEvent, LeanImplementations } from './lean';

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

export function leanMachine<C extends object, E extends LeanEvent>(
  chart: LeanChart,
  implementations: LeanImplementations<C, E>,
): AnyStateMachine {
  const { guards, updates, effects } = implementations;
  return setup({
    types: { context: {} as C, events: {} as E, input: {} as C },
    guards: mapValues(
      guards,
      (guard) =>
        ({ context, event }: { context: C; event: E }) =>
          guard(context, event),
    ),
    actions: {
      ...mapValues(updates, (update) => assign(({ context, event }: { context: C; event: E }) => update(context, event))),
      ...mapValues(effects, () => () => {}),
    },
  } as never).createMachine({ ...chart, context: ({ input }: { input: C }) => input } as never) as unknown as AnyStateMachine;
}

/**
 * An actor of a lean chart's machine for the inspector to watch (src/client/flows/inspect-lean.ts):
 * it takes the events a page's run takes, and its effects stay undone (the run does them).
 */
export function watchLean(machine: AnyStateMachine, input: unknown, inspect: (event: InspectionEvent) => void) {
  const actor = createActor(machine, { input, inspect }).start();
  return { send: (event: { type: string }) => actor.send(event), stop: () => actor.stop() };
}
