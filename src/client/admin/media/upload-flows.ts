/**
 * Each upload of the queue (upload-queue.ts) as a run of its chart (machines/upload-queue.ts), so
 * the flow inspector shows it queued, sending part by part, paused, refused or landed.
 *
 * Apart from the queue because XState comes with it: the queue is started by the back-office's
 * layout on every screen, and this is loaded with the first upload queued or found on the device.
 */
import { uploadQueueMachine } from '../../../../machines/upload-queue';
import { toldRuns } from '../../flows/told-runs';

export const { follow, tell } = toldRuns<string, typeof uploadQueueMachine>(uploadQueueMachine);
