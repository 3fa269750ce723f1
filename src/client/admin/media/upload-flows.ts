/**
 * Each upload of the queue (upload-queue.ts) as a run of its chart (machines/upload-queue.ts), so
 * the flow inspector shows it queued, sending part by part, paused, refused or landed.
 *
 * Apart from the queue because XState comes with it, and so does what makes a change of the queue
 * a step of the chart: the queue is started by the back-office's layout on every screen, and this
 * is loaded with the first upload queued or found on the device.
 */
import { type UploadQueueEvent, type UploadQueueInput, uploadQueueMachine } from '../../../../machines/upload-queue';
import { LIMITS } from '../../../shared/limits';
import { toldRuns } from '../../flows/told-runs';
import type { QueuedUpload } from './upload-queue';

const runs = toldRuns<string, typeof uploadQueueMachine>(uploadQueueMachine);

/** Starts the run of the upload `id`, its parts the size the queue sends. */
export const follow = (id: string, input: Omit<UploadQueueInput, 'partBytes'>) =>
  runs.follow(id, { ...input, partBytes: LIMITS.upload.chunkBytes });

export const tell = runs.tell;

/**
 * The step a change is to the upload's run, if it is one: a change of state, or the next part on
 * its way (progress within a part is not a step: the log should hold steps, not every byte).
 */
export function flowEvent(before: QueuedUpload, change: Partial<QueuedUpload>): UploadQueueEvent | undefined {
  if (change.state !== undefined && change.state !== before.state) {
    switch (change.state) {
      case 'uploading':
        return { type: 'upload.sending' };
      case 'paused':
        return { type: 'upload.pause' };
      case 'failed':
        return { type: 'upload.refused', reason: change.error ?? '' };
      case 'done':
        return { type: 'upload.landed', url: change.file?.url ?? '' };
      case 'waiting':
        return before.state === 'uploading' ? { type: 'upload.dropped' } : { type: 'upload.resume' };
    }
  }
  const part = (sent: number) => Math.floor(sent / LIMITS.upload.chunkBytes);
  if (change.sent !== undefined && part(change.sent) !== part(before.sent)) return { type: 'upload.progress', sent: change.sent };
  return undefined;
}

/** Tells the upload's run what a change of the queue is to it, if it is a step. */
export function step(id: string, before: QueuedUpload, change: Partial<QueuedUpload>): void {
  const event = flowEvent(before, change);
  if (event) runs.tell(id, event);
}
