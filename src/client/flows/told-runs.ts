/**
 * Runs of a chart that code doing the work tells step by step (the upload queue, an island's
 * wake), one per thing followed, so the flow inspector shows each: the code decides, the chart
 * records where that left it.
 */
import { type Actor, type AnyStateMachine, createActor, type EventFromLogic, type InputFrom } from 'xstate';
import { inspect } from '../inspect';

export function toldRuns<K, M extends AnyStateMachine>(machine: M) {
  const runs = new Map<K, Actor<M>>();
  return {
    /** Starts the run of `key` (again, if it ran before). */
    follow(key: K, input: InputFrom<M>): void {
      runs.get(key)?.stop();
      runs.set(key, createActor(machine, { input, inspect } as never) as Actor<M>);
      runs.get(key)!.start();
    },
    /** Tells the run of `key` a step; a run that has ended lets go. */
    tell(key: K, event: EventFromLogic<M>): void {
      const run = runs.get(key);
      if (!run) return;
      run.send(event);
      if ((run.getSnapshot() as { status: string }).status === 'done') runs.delete(key);
    },
  };
}
