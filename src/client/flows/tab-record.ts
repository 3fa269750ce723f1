/**
 * Every back-office tab records its flows for the inspector (/admin/flows), but an inspector is
 * rarely open. Until one is, a tab keeps each step as XState gives it (the last KEPT), with its
 * time; the recorder (recorder.ts: masking, the entries, the channel to other tabs) is loaded the
 * first time an inspector is there, this tab's screen or another tab's hello, and takes the kept
 * steps over in order. So the back-office's first load carries a few lines, not the recorder.
 */
import type { InspectionEvent } from 'xstate';
import { CHANNEL, type FlowMessage, KEPT } from './channel';

type Recorder = typeof import('./recorder');

const kept: { inspection: InspectionEvent; at: number }[] = [];
let recording: Recorder['record'] | undefined;
let loading: Promise<Recorder> | undefined;

/** The inspection observer of a back-office tab (pass it to startInspector). */
export function record(inspection: InspectionEvent): void {
  if (recording) return recording(inspection);
  // Only snapshots become steps (recorder.ts); a snapshot never changes once made.
  if (inspection.type !== '@xstate.snapshot') return;
  kept.push({ inspection, at: Date.now() });
  if (kept.length > KEPT) kept.splice(0, kept.length - KEPT);
}

/** Loads the recorder (once), hands it what was kept, and lets it answer inspectors. */
export function loadRecorder(): Promise<Recorder> {
  loading ??= import('./recorder').then((recorder) => {
    for (const { inspection, at } of kept.splice(0)) recorder.record(inspection, at);
    recording = recorder.record;
    recorder.answerInspectors();
    return recorder;
  });
  return loading;
}

/** Loads the recorder at another tab's first hello, and answers that hello with this tab's steps. */
export function waitForInspectors(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.addEventListener('message', (message: MessageEvent<FlowMessage>) => {
    if (message.data?.type !== 'hello') return;
    channel.close();
    void loadRecorder().then((recorder) => recorder.heardInspector());
  });
}
