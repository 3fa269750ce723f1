/**
 * Lets the flow inspector follow a lean chart's run (machines/lean.ts), which a public page steps
 * through without XState: when the inspector is switched on (inspect.ts: `?flows`, for a signed-in
 * admin), the chart's XState machine is loaded then, and an actor of it takes every event the run
 * takes, in order, its effects left undone (the run does them). For anyone else nothing is loaded.
 */
import type { AnyStateMachine } from 'xstate';
import type { LeanEvent, LeanRun } from '../../../machines/lean';
import { inspect } from '../inspect';

/** Starts following `run` (which began from `input`); returns how to stop. */
export function inspectLean<C, E extends LeanEvent>(
  load: () => Promise<AnyStateMachine>,
  input: C,
  run: LeanRun<C, E>,
): () => void {
  const observe = inspect;
  if (!observe) return () => {};
  const taken: E[] = [];
  let send: ((event: E) => void) | undefined;
  let stopActor = () => {};
  let stopped = false;
  const stopFollowing = run.subscribe((_, event) => (send ? send(event) : taken.push(event)));
  // Named imports from XState there, not `import('xstate')`, so the build keeps only what is used.
  void Promise.all([load(), import('../../../machines/lean-machine')]).then(([machine, { watchLean }]) => {
    if (stopped) return;
    const actor = watchLean(machine, input, observe);
    send = actor.send;
    stopActor = actor.stop;
    for (const event of taken.splice(0)) send(event);
  });
  return () => {
    stopped = true;
    stopFollowing();
    stopActor();
  };
}
