/**
 * Replays a recorded flow on its machine: from the first step's state and context, each recorded
 * event is given to XState's pure `transition`, and the state it reaches must be the one that was
 * recorded. A log exported from one browser replays the same in another (FlowsScreen's Load).
 */
import { type AnyMachineSnapshot, type AnyStateMachine, type EventObject, transition } from 'xstate';
import type { FlowEntry } from './log';

export interface ReplayStep {
  entry: FlowEntry;
  /** The state the machine reaches for this step's event (the first step: the recorded one). */
  state: unknown;
  same: boolean;
  /** Why the step could not be replayed (a guard read a value the log cannot carry, like a function). */
  error?: string;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Replays one actor's steps (in order) on `machine`. */
export function replay(machine: AnyStateMachine, steps: readonly FlowEntry[]): ReplayStep[] {
  const [first, ...rest] = steps;
  if (!first) return [];
  let snapshot: AnyMachineSnapshot = machine.resolveState({ value: first.state, context: first.context as never });
  const result: ReplayStep[] = [{ entry: first, state: snapshot.value, same: true }];
  for (const entry of rest) {
    try {
      [snapshot] = transition(machine, snapshot, entry.event as EventObject) as [AnyMachineSnapshot, unknown];
      result.push({ entry, state: snapshot.value, same: sameValue(snapshot.value, entry.state) });
    } catch (error) {
      result.push({ entry, state: null, same: false, error: error instanceof Error ? error.message : String(error) });
      // The rest goes on from what was recorded, so one unreplayable step does not hide the others.
      snapshot = machine.resolveState({ value: entry.state, context: entry.context as never });
    }
  }
  return result;
}
