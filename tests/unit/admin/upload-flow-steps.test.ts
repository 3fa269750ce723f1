/**
 * The upload queue tells its chart (machines/upload-queue.ts) each step it takes: every change of
 * state the queue makes must be a transition of the chart, to the state that stands for the
 * queue's new one, or the inspector would show an upload somewhere it is not.
 */
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { uploadQueueMachine } from '../../../machines/upload-queue';
import { flowEvent } from '../../../src/client/admin/media/upload-flows';
import type { QueuedUpload, UploadState } from '../../../src/client/admin/media/upload-queue';
import { LIMITS } from '../../../src/shared/limits';

const PART = LIMITS.upload.chunkBytes;
const upload = (state: UploadState, sent = 0): QueuedUpload => ({
  id: 't',
  appKey: 'demo',
  name: 'report.pdf',
  blob: new Blob(['x']),
  originalSize: 3 * PART,
  size: 3 * PART,
  state,
  sent,
  createdAt: 0,
});

/** Where the chart stands for each state of the queue. */
const CHART: Record<UploadState, unknown> = {
  waiting: { onDevice: 'queued' },
  uploading: { onDevice: 'sending' },
  paused: { onDevice: 'paused' },
  failed: { onDevice: 'refused' },
  done: 'landed',
};

/** An actor of the chart standing where the queue's `state` is, reached as the queue reaches it. */
function chartAt(state: UploadState) {
  const actor = createActor(uploadQueueMachine, {
    input: { name: 'report.pdf', size: 3 * PART, partBytes: PART, start: 'queued' },
  }).start();
  if (state === 'uploading' || state === 'failed') actor.send({ type: 'upload.sending' });
  if (state === 'failed') actor.send({ type: 'upload.refused', reason: 'No.' });
  if (state === 'paused') actor.send({ type: 'upload.pause' });
  return actor;
}

/** Every change of state upload-queue.ts makes. */
const MOVES: [UploadState, UploadState][] = [
  ['waiting', 'uploading'],
  ['uploading', 'waiting'],
  ['uploading', 'paused'],
  ['waiting', 'paused'],
  ['uploading', 'failed'],
  ['uploading', 'done'],
  ['paused', 'waiting'],
  ['failed', 'waiting'],
];

describe('the upload queue told as its chart', () => {
  it.each(MOVES)('%s → %s is a step of the chart to the same place', (from, to) => {
    const actor = chartAt(from);
    expect(actor.getSnapshot().value).toEqual(CHART[from]);
    const event = flowEvent(upload(from), { state: to, ...(to === 'done' ? { file: { name: 'r.pdf', url: '/u/r.pdf' } } : {}) });
    expect(event).toBeDefined();
    actor.send(event!);
    expect(actor.getSnapshot().value).toEqual(CHART[to]);
  });

  it('tells a part, not every byte', () => {
    expect(flowEvent(upload('uploading', 10), { sent: PART - 1 })).toBeUndefined();
    expect(flowEvent(upload('uploading', PART - 1), { sent: PART + 1 })).toEqual({ type: 'upload.progress', sent: PART + 1 });
    const actor = chartAt('uploading');
    actor.send({ type: 'upload.progress', sent: 2 * PART + 1 });
    expect(actor.getSnapshot().context).toMatchObject({ part: 3, parts: 3 });
  });

  it('tells nothing for a change that is no step (the address to resume at)', () => {
    expect(flowEvent(upload('uploading'), { uploadUrl: '/cms/api/tus/1' })).toBeUndefined();
    expect(flowEvent(upload('waiting'), { state: 'waiting' })).toBeUndefined();
  });
});
