/**
 * What a flow's statechart can do, found by walking it with XState's own graph utilities
 * (`xstate/graph`): every state node and every transition it defines, which of them a walk from
 * its initial state reaches, and the shortest path to each state. The generated tests
 * (generated.test.ts) and the diagrams (diagram.ts) read machines only through this module.
 */
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type StateValue,
  getInitialMicrosteps,
  getMicrosteps,
} from 'xstate';
import { type AdjacencyMap, type AdjacencyValue, getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';

export type AnyStateNode = ReturnType<typeof getStateNodes>[number];

/** What a walk of one flow sends, and what a state of it holds that a walk must not tell apart. */
export interface FlowSamples {
  /** Each input the flow starts with (one walk each); `[undefined]` for a flow without input. */
  inputs?: readonly unknown[];
  /** The events worth sending in a state: every event it handles, with telling payloads. */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Context fields that differ on every run (an idempotency key) and say nothing of the state. */
  ignore?: readonly string[];
  /**
   * What tells two states of the flow apart, when its whole context would make too many: what
   * its guards read. By default the value and the context, less `ignore`.
   */
  key?: (snapshot: AnyMachineSnapshot) => unknown;
}

/** The state value that names `node`, for `snapshot.matches`. */
export function valueOf(node: AnyStateNode): StateValue {
  const [leaf, ...above] = [...node.path].reverse();
  return above.reduce<StateValue>((inner, key) => ({ [key]: inner }), leaf!);
}

/** Every state node below the root, in document order. */
export const stateNodesOf = (machine: AnyStateMachine): AnyStateNode[] =>
  getStateNodes(machine.root).filter((node) => node.path.length > 0);

/** The state nodes `snapshot` is in (every level). */
export const activeNodes = (snapshot: AnyMachineSnapshot): AnyStateNode[] =>
  stateNodesOf(snapshot.machine as AnyStateMachine).filter((node) => snapshot.matches(valueOf(node)));

/** One transition a machine defines: from a state node, on an event, the n-th candidate. */
export interface TransitionInfo {
  key: string;
  source: AnyStateNode;
  /** The event type as XState names it (`xstate.done.actor.…`, `xstate.after.…`), or '' for an eventless one. */
  eventType: string;
  definition: AnyTransitionDefinition;
}

/** Every transition the machine defines, the root's included, eventless ones too. */
export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  const all: TransitionInfo[] = [];
  for (const source of [machine.root, ...stateNodesOf(machine)]) {
    const label = source.path.join('.') || '(root)';
    for (const [eventType, definitions] of source.transitions) {
      definitions.forEach((definition, index) =>
        all.push({ key: `${label} on ${eventLabel(source, eventType)} #${index + 1}`, source, eventType, definition }),
      );
    }
    (source.always ?? []).forEach((definition, index) =>
      all.push({ key: `${label} always #${index + 1}`, source, eventType: '', definition }),
    );
  }
  return all;
}

/**
 * An event as a person reads it: `xstate.done.actor.0.entityForm.loading` is "load done" (the
 * invoked actor's name), `xstate.after.successAlert.entityForm.success` is "after successAlert".
 */
export function eventLabel(source: AnyStateNode, eventType: string): string {
  const invoked = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (invoked) {
    const invoke = findInvoke(source, invoked[2]!);
    return `${invoke ? String(invoke.src) : invoked[2]} ${invoked[1] === 'done' ? 'done' : 'failed'}`;
  }
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType);
  return delayed ? `after ${delayed[1]}` : eventType;
}

/** A transition as a chart labels it: its event (or `always`) and its guard. */
export const transitionLabel = ({ source, eventType, definition }: TransitionInfo): string =>
  `${eventType ? eventLabel(source, eventType) : 'always'}${guardLabel(definition.guard)}`;

/** A transition's guard as a chart writes it: ` [hasFile]`, or nothing. */
function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? ` [${type}]` : ' [guard]';
}

function findInvoke(node: AnyStateNode, id: string): { id: string; src: unknown } | undefined {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) {
    const found = at.invoke.find((invoke) => invoke.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The events XState itself sends a state: each invoked actor's done (with each of `outputs[src]`)
 * and failure (with each of `errors[src]`), and each delayed transition's timer.
 */
export function invokedEvents(
  snapshot: AnyMachineSnapshot,
  outputs: Record<string, readonly unknown[]>,
  errors: Record<string, readonly unknown[]> = {},
): EventObject[] {
  const events: EventObject[] = [];
  for (const node of activeNodes(snapshot)) {
    for (const invoke of node.invoke) {
      const src = String(invoke.src);
      for (const output of outputs[src] ?? [undefined])
        events.push({ type: `xstate.done.actor.${invoke.id}`, output } as EventObject);
      for (const error of errors[src] ?? [new Error(`${src} failed`)]) {
        events.push({ type: `xstate.error.actor.${invoke.id}`, error } as EventObject);
      }
    }
    for (const delayed of node.after) events.push({ type: delayed.eventType });
  }
  return events;
}

const withoutIgnored = (context: unknown, ignore: readonly string[]) =>
  context && typeof context === 'object'
    ? Object.fromEntries(Object.entries(context).filter(([key]) => !ignore.includes(key)))
    : context;

/** A state as a walk tells states apart: its value and its context, less what `ignore` names. */
export const serializeState = (snapshot: AnyMachineSnapshot, ignore: readonly string[] = []): string =>
  JSON.stringify({ value: snapshot.value, context: withoutIgnored(snapshot.context, ignore) });

/** A context as a test compares it, less what `ignore` names. */
export const comparableContext = (snapshot: AnyMachineSnapshot, ignore: readonly string[] = []) =>
  JSON.parse(JSON.stringify(withoutIgnored(snapshot.context, ignore) ?? null)) as unknown;

/** A walk that reaches more distinct states than this has samples that never repeat. */
const LIMIT = 5_000;

export interface FlowWalk {
  states: AnyStateNode[];
  reachedStates: Set<string>;
  transitions: TransitionInfo[];
  takenTransitions: Set<string>;
  /** The shortest path to every distinct state, from each input. */
  paths: { input: unknown; path: ReturnType<typeof getShortestPaths<AnyStateMachine>>[number] }[];
}

/**
 * Walks the machine from each of its inputs, sending each state the events its samples name.
 * A transition counts as taken when XState selects it for an event in a state the walk reached
 * (`getTransitionData`), or, for an eventless one, when a microstep moves from its source into
 * its targets.
 */
export function walkFlow(machine: AnyStateMachine, samples: FlowSamples): FlowWalk {
  const transitions = transitionsOf(machine);
  const keyOf = new Map(transitions.map((info) => [info.definition, info.key]));
  const reachedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const paths: FlowWalk['paths'] = [];
  const ignore = samples.ignore ?? [];

  const eventless = (microsteps: [AnyMachineSnapshot, unknown][]) => {
    // A state left at once (eventless) is reached only inside a step.
    for (const [snapshot] of microsteps) for (const node of activeNodes(snapshot)) reachedStates.add(node.id);
    for (let i = 1; i < microsteps.length; i++) {
      const [before] = microsteps[i - 1]!;
      const [after] = microsteps[i]!;
      for (const node of activeNodes(before)) {
        const taken = (node.always ?? []).find((definition) =>
          (definition.target ?? []).every((target: AnyStateNode) => after.matches(valueOf(target))),
        );
        if (taken) takenTransitions.add(keyOf.get(taken)!);
      }
    }
  };

  for (const input of samples.inputs ?? [undefined]) {
    const options = {
      input,
      events: samples.events,
      serializeState: (snapshot: AnyMachineSnapshot) =>
        samples.key ? JSON.stringify({ value: snapshot.value, key: samples.key(snapshot) }) : serializeState(snapshot, ignore),
      limit: LIMIT,
    };
    eventless(getInitialMicrosteps(machine, input) as [AnyMachineSnapshot, unknown][]);
    const adjacency: AdjacencyMap<AnyMachineSnapshot, EventObject> = getAdjacencyMap(machine, options);
    // Keyed by branded strings, which Object.values does not see through.
    for (const { state, transitions: edges } of Object.values(adjacency) as AdjacencyValue<AnyMachineSnapshot, EventObject>[]) {
      for (const node of activeNodes(state)) reachedStates.add(node.id);
      for (const { event } of Object.values(edges) as { event: EventObject }[]) {
        for (const definition of machine.getTransitionData(state, event)) {
          const key = keyOf.get(definition);
          if (key) takenTransitions.add(key);
        }
        eventless(getMicrosteps(machine, state, event) as [AnyMachineSnapshot, unknown][]);
      }
    }
    for (const path of getShortestPaths(machine, options)) paths.push({ input, path });
  }
  return { states: stateNodesOf(machine), reachedStates, transitions, takenTransitions, paths };
}
