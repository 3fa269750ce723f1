/**
 * Every flow the product runs as a statechart, by name: what the generated tests walk
 * (generated.test.ts), the diagrams in docs/flows/ are drawn from (scripts/flow-diagrams.ts), and
 * an inspector lists. A new machine is added here, with its samples in samples.ts.
 */
import type { AnyStateMachine } from 'xstate';
import { deleteConfirmMachine } from './delete-confirm';
import { entityFormMachine } from './entity-form';
import { galleryTabsMachine } from './gallery-tabs';
import { islandWakeMachine } from './island-wake';
import { loginMachine } from './login';
import { mediaPickerMachine } from './media-picker';
import { publicFormMachine } from './public-form';
import { restoreConfirmMachine } from './restore-confirm';
import { saveOutboxMachine } from './save-outbox';
import { uploadMachine } from './upload';
import { uploadQueueMachine } from './upload-queue';

export interface Flow {
  /** Its file name under machines/ and docs/flows/. */
  name: string;
  /** What it is, in a line. */
  title: string;
  machine: AnyStateMachine;
}

export const FLOWS: readonly Flow[] = [
  { name: 'login', title: 'Staff sign-in, with a second step for two-factor accounts', machine: loginMachine },
  {
    name: 'entity-form',
    title: 'A record’s form: load, edit, save (offline too), conflicts, success alert',
    machine: entityFormMachine,
  },
  { name: 'delete-confirm', title: 'Delete confirmation (“Are you sure to delete?”)', machine: deleteConfirmMachine },
  { name: 'restore-confirm', title: 'Restoring an earlier version, with Undo', machine: restoreConfirmMachine },
  { name: 'upload', title: 'One file’s upload, with its progress', machine: uploadMachine },
  { name: 'media-picker', title: 'The media library’s picker: select, insert, delete', machine: mediaPickerMachine },
  { name: 'gallery-tabs', title: 'The public gallery’s Image and YouTube tabs and its lightbox', machine: galleryTabsMachine },
  {
    name: 'save-outbox',
    title: 'One staff save in the device’s outbox: waiting for a connection, sent, landed, kept in a conflict or refused',
    machine: saveOutboxMachine,
  },
  {
    name: 'public-form',
    title: 'A visitor’s public form: typed before it wakes, posted plain, kept offline, sent once, refused with its words kept',
    machine: publicFormMachine,
  },
  {
    name: 'upload-queue',
    title:
      'One file in staff’s upload queue: made small, kept on the device, sent part by part, paused, resumed after a reload, landed or refused',
    machine: uploadQueueMachine,
  },
  {
    name: 'island-wake',
    title:
      'A public page’s island coming to life: at once, in view, at the first touch or on the browser’s news; answering, or left as drawn',
    machine: islandWakeMachine,
  },
];
