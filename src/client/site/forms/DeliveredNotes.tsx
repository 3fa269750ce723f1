/** Tells a visitor that a form kept on their device while offline has now been sent (outbox.ts). */
import { dismissDelivered } from './notes';
import { type DeliveredNote, noteText } from './outbox';
import { useSiteText } from '../../ui/site-text';
import { Alert } from '../ui';

export function DeliveredNotes({ notes }: { notes: DeliveredNote[] }) {
  const t = useSiteText();
  return notes.map((note) => (
    <Alert
      key={note.id}
      role="status"
      color={note.ok ? 'green' : 'red'}
      variant="filled"
      title={note.ok ? t('form.delivered.sent') : t('form.delivered.notSent')}
      closeLabel={t('form.dismiss')}
      onClose={() => dismissDelivered(note.id)}
    >
      {noteText(note, t)}
    </Alert>
  ));
}
