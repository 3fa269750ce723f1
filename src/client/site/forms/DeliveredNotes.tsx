/** Tells a visitor that a form kept on their device while offline has now been sent (outbox.ts). */
import { Alert } from '@mantine/core';
import { dismissDelivered } from './notes';
import { type DeliveredNote, noteText } from './outbox';

export function DeliveredNotes({ notes }: { notes: DeliveredNote[] }) {
  return notes.map((note) => (
    <Alert
      key={note.id}
      role="status"
      color={note.ok ? 'green' : 'red'}
      variant="filled"
      title={note.ok ? 'Sent' : 'Not sent'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => dismissDelivered(note.id)}
    >
      {noteText(note)}
    </Alert>
  ));
}
