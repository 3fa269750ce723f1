/**
 * Records every machine this tab runs, for the built-in inspector (/admin/flows): an XState
 * inspection observer (pass `inspect` from ../inspect to useMachine) that keeps the last steps
 * in memory, masked (log.ts), and tells them to an inspector open in this tab or in another tab
 * of the same browser (a BroadcastChannel). Nothing leaves the browser, and nothing is sent while
 * no inspector listens.
 */
import type { InspectionEvent } from 'xstate';
import { CHANNEL, type FlowMessage, HEARTBEAT_MS, KEPT } from './channel';
import { type FlowEntry, masked } from './log';

const tab = Math.random().toString(36).slice(2, 10);
const kept: FlowEntry[] = [];
const listeners = new Set<(entries: FlowEntry[]) => void>();
let channel: BroadcastChannel | undefined;
let heardAt = 0;

/** An actor as XState runs it (the inspection event types it as a mere reference). */
interface Running {
  sessionId: string;
  logic: unknown;
  getSnapshot(): unknown;
}

const isMachine = (actor: Running) => typeof (actor.logic as { getStateNodeById?: unknown }).getStateNodeById === 'function';

function keep(entry: FlowEntry): void {
  kept.push(entry);
  if (kept.length > KEPT) kept.splice(0, kept.length - KEPT);
  for (const listener of listeners) listener([entry]);
  if (channel && Date.now() - heardAt < HEARTBEAT_MS * 3)
    channel.postMessage({ type: 'entries', entries: [entry] } satisfies FlowMessage);
}

function entryOf(actor: Running, snapshot: unknown, event: { type: string }, at: number): FlowEntry {
  const { value, context } = (snapshot ?? {}) as { value?: unknown; context?: unknown };
  return {
    tab,
    actor: actor.sessionId,
    machine: (actor.logic as { id: string }).id,
    at,
    event: masked(event) as FlowEntry['event'],
    state: value as FlowEntry['state'],
    context: masked(context),
  };
}

/**
 * The inspection observer: XState calls it with every snapshot of every actor, the first one
 * for its start (`xstate.init`). Watching never breaks what is watched: a step that cannot be
 * recorded is left out.
 */
export function record(inspection: InspectionEvent, at = Date.now()): void {
  try {
    const actor = inspection.actorRef as unknown as Running;
    if (inspection.type !== '@xstate.snapshot' || !isMachine(actor)) return;
    keep(entryOf(actor, inspection.snapshot, inspection.event, at));
  } catch {
    // Nothing to do: the flow goes on unrecorded.
  }
}

/** An inspector in another tab said hello: the first hello after a silence gets what this tab kept meanwhile. */
export function heardInspector(): void {
  const fresh = Date.now() - heardAt >= HEARTBEAT_MS * 3;
  heardAt = Date.now();
  if (fresh && kept.length > 0) channel?.postMessage({ type: 'entries', entries: [...kept] } satisfies FlowMessage);
}

/** Starts answering inspectors in other tabs (once per tab). */
export function answerInspectors(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  channel.addEventListener('message', (message: MessageEvent<FlowMessage>) => {
    if (message.data?.type === 'hello') heardInspector();
  });
}

/** This tab's steps so far, then each new one as it comes; returns how to stop. */
export function followThisTab(onEntries: (entries: FlowEntry[]) => void): () => void {
  onEntries([...kept]);
  listeners.add(onEntries);
  return () => void listeners.delete(onEntries);
}

/** Every other tab's steps, asked for now and every heartbeat; returns how to stop. */
export function followOtherTabs(onEntries: (entries: FlowEntry[]) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const inspector = new BroadcastChannel(CHANNEL);
  inspector.addEventListener('message', (message: MessageEvent<FlowMessage>) => {
    if (message.data?.type === 'entries') onEntries(message.data.entries);
  });
  const hello = () => inspector.postMessage({ type: 'hello' } satisfies FlowMessage);
  hello();
  const beat = setInterval(hello, HEARTBEAT_MS);
  return () => {
    clearInterval(beat);
    inspector.close();
  };
}
