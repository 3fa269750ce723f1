/**
 * The flow log: what the built-in inspector (/admin/flows) shows and exports. One entry per step
 * of a running machine (its start, then each event it took), with the state it reached and its
 * context, secrets masked before anything is kept. Plain data, so an exported log can be loaded
 * in another browser and replayed (replay.ts).
 */
import type { StateValue } from 'xstate';

export interface FlowEntry {
  /** Which tab recorded it (a random id per page load). */
  tab: string;
  /** The running actor (its session id): one form, one sign-in. */
  actor: string;
  /** The machine's id (`login`, `entityForm` …). */
  machine: string;
  /** When, in ms since the epoch. */
  at: number;
  /** The event taken; `xstate.init` for the actor's start. */
  event: { type: string } & Record<string, unknown>;
  state: StateValue;
  context: unknown;
}

export interface FlowLogFile {
  kind: 'orgsite-flow-log';
  version: 1;
  exportedAt: string;
  entries: FlowEntry[];
}

export const MASK = '••••';

/** A key whose value is a secret: never shown, never exported. */
const SECRET = /pass(word)?|token|secret|code|otp|recovery|authorization|cookie|key$/i;
/** Keys that look secret but name what, not the secret itself. */
const NOT_SECRET = new Set(['type', 'keyField', 'errorKind', 'status']);

/**
 * `value` with every secret replaced by MASK: a password, token, code or secret, at any depth, and
 * the value of a change to a field so named.
 * An empty secret stays empty, so a replay still tells "typed" from "not typed". Functions and
 * what cannot be sent (a File's bytes) become a short description.
 */
export function masked(value: unknown, depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value === undefined) return undefined;
  if (typeof value === 'function') return '(function)';
  if (depth > 8) return '(deeper)';
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    return { file: (value as Blob & { name?: string }).name ?? '(blob)', size: value.size, type: value.type };
  }
  if (value instanceof Error) return { error: value.message };
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // A field's change names the field beside its value: `{ field: 'password', value: … }`.
    const field = (value as { field?: unknown }).field;
    const secretField = typeof field === 'string' && SECRET.test(field);
    for (const [key, inner] of Object.entries(value)) {
      const secret = (SECRET.test(key) && !NOT_SECRET.has(key)) || (secretField && key === 'value');
      out[key] = secret && inner !== '' && inner !== null && inner !== undefined ? MASK : masked(inner, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** Whether `data` is a flow log file this inspector can load. */
export function isFlowLogFile(data: unknown): data is FlowLogFile {
  const file = data as Partial<FlowLogFile> | null;
  return (
    file?.kind === 'orgsite-flow-log' &&
    file.version === 1 &&
    Array.isArray(file.entries) &&
    file.entries.every(
      (entry) => typeof entry?.actor === 'string' && typeof entry.machine === 'string' && typeof entry.event?.type === 'string',
    )
  );
}
