/**
 * Charts that run on public pages without XState. A visitor's page has a JavaScript budget that
 * XState's runtime does not fit in, yet its flows (a public form, an island's wake) are statecharts
 * like the back-office's. So such a flow is written once, as plain data in XState's own config
 * shape (a subset: flat states, `on`, guarded candidates, actions by name, `always`), with its
 * context changes, guards and effects as plain functions:
 * - on the page, `runLean` steps through it: a few lines, no library;
 * - everywhere else, `leanMachine` (lean-machine.ts) makes the XState machine of the same chart:
 *   the generated tests walk it, the docs draw it, the inspector lays it out and, when switched
 *   on, follows a page's run on it step by step (inspectLean). machines/lean.test.ts replays every
 *   generated path on both and fails where they part.
 */

/** One candidate transition: where to (a sibling state, or `.child` from the root), when, doing what. */
export interface LeanTransition {
  target?: string;
  guard?: string;
  actions?: readonly string[];
}

export type LeanOn = Record<string, string | LeanTransition | readonly LeanTransition[]>;

export interface LeanState {
  on?: LeanOn;
  /** Taken as soon as the state is entered, by the first candidate whose guard holds. */
  always?: readonly LeanTransition[];
  type?: 'final';
}

export interface LeanChart {
  id: string;
  initial: string;
  /** Handled in every state that does not handle the event itself. */
  on?: LeanOn;
  states: Record<string, LeanState>;
}

export interface LeanEvent {
  type: string;
}

/** What a chart's names stand for: guards and context changes are pure; effects are the app's. */
export interface LeanImplementations<C, E extends LeanEvent> {
  guards: Record<string, (context: C, event: E) => boolean>;
  /** Context changes (XState's `assign`): what changes, from the context and the event. */
  updates: Record<string, (context: C, event: E) => Partial<C>>;
  /** Effects, run in order after the step's context changes before them. */
  effects: Record<string, (context: C, event: E) => void>;
}

export interface LeanSnapshot<C> {
  value: string;
  context: C;
}

export interface LeanRun<C, E extends LeanEvent> {
  get(): LeanSnapshot<C>;
  /** Takes the event, or ignores it where the chart does not handle it; one at a time, in order. */
  send(event: E): void;
  /** Called after every event sent (taken or ignored), not for the start; returns how to stop. */
  subscribe(listener: (snapshot: LeanSnapshot<C>, event: E) => void): () => void;
}

const candidatesOf = (on: LeanOn | undefined, type: string): readonly LeanTransition[] | undefined => {
  const handled = on?.[type];
  if (handled === undefined) return undefined;
  if (typeof handled === 'string') return [{ target: handled }];
  return Array.isArray(handled) ? (handled as readonly LeanTransition[]) : [handled as LeanTransition];
};

/**
 * Runs `chart` from `context`, taking the first candidate whose guard holds, as XState does: the
 * state's own transitions for an event, else the root's; its actions in order (a context change
 * is seen by the actions after it); then `always` candidates of the state reached. Effects that
 * send events are queued after the step, as XState queues them.
 */
export function runLean<C, E extends LeanEvent>(
  chart: LeanChart,
  implementations: LeanImplementations<C, E>,
  context: C,
): LeanRun<C, E> {
  let snapshot: LeanSnapshot<C> = { value: chart.initial, context };
  const listeners = new Set<(snapshot: LeanSnapshot<C>, event: E) => void>();
  const queue: E[] = [];
  let busy = false;

  const take = (candidates: readonly LeanTransition[] | undefined, event: E): boolean => {
    const chosen = candidates?.find(({ guard }) => !guard || implementations.guards[guard]!(snapshot.context, event));
    if (!chosen) return false;
    const effects: (() => void)[] = [];
    let next = snapshot.context;
    for (const name of chosen.actions ?? []) {
      const update = implementations.updates[name];
      if (update) next = { ...next, ...update(next, event) };
      else {
        const at = next;
        effects.push(() => implementations.effects[name]!(at, event));
      }
    }
    snapshot = { value: chosen.target ? chosen.target.replace(/^\./, '') : snapshot.value, context: next };
    for (const effect of effects) effect();
    return true;
  };

  const settle = (event: E) => {
    // Eventless transitions of the state reached; a chart whose `always` loop never settles is a bug.
    for (let hops = 0; take(chart.states[snapshot.value]?.always, event); hops++) {
      if (hops > 20) throw new Error(`${chart.id}: eventless transitions do not settle in ${snapshot.value}`);
    }
  };

  settle({ type: 'xstate.init' } as E);
  return {
    get: () => snapshot,
    send(event) {
      queue.push(event);
      if (busy) return;
      busy = true;
      try {
        while (queue.length > 0) {
          const next = queue.shift()!;
          const state = chart.states[snapshot.value];
          if (state?.type === 'final') continue;
          const taken = take(candidatesOf(state?.on, next.type) ?? candidatesOf(chart.on, next.type), next);
          if (taken) settle(next);
          for (const listener of listeners) listener(snapshot, next);
        }
      } finally {
        busy = false;
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
