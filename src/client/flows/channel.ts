/** What the recorder (recorder.ts) and a tab's first record (tab-record.ts) share. */

/** The BroadcastChannel inspectors and recording tabs talk on. */
export const CHANNEL = 'orgsite-flows';
/** Steps kept per tab: enough for a whole misbehaving flow, bounded for a tab left open for days. */
export const KEPT = 500;
/** An inspector says it is there this often; a tab stops telling after three silences. */
export const HEARTBEAT_MS = 5_000;

export type FlowMessage = { type: 'hello' } | { type: 'entries'; entries: import('./log').FlowEntry[] };
