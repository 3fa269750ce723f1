import { Alert, Button, Checkbox, Group, Progress, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { fromCallback } from 'xstate';
import { LIMITS } from '../../../shared/limits';
import { pendingRef } from '../../../shared/pending-upload';
import { type UploadedFile, type UploadEvent, type UploadFile, uploadMachine } from '../../../../machines/upload';
import { inspect } from '../../inspect';
import { notifyFailure } from '../api/notify';
import { cancelUpload, enqueueUpload, percentSent, shrinksPhotos, uploadQueue } from './upload-queue';
import { byteSize } from './byte-size';
import { FilePicker } from './FilePicker';
import { useAdminText, adminT } from '../i18n';

interface Props {
  onUploaded: (file: UploadedFile) => void;
  /** Where a file still uploading may be used at once, by its pending reference (the picker inserts it). */
  onUseNow?: (ref: string) => void;
}

/**
 * The transfer: the file goes to the device's upload queue (made smaller first unless the
 * original is kept), and the panel follows it there. Leaving the panel does not stop it: the
 * queue carries it on, offline too, and the header lists it.
 */
const queuedTransfer = (keepOriginal: () => boolean) =>
  fromCallback<UploadEvent, { file: UploadFile }>(({ sendBack, input }) => {
    let id: string | undefined;
    const follow = () => {
      const queued = uploadQueue.get().find((upload) => upload.id === id);
      if (!queued) return;
      if (queued.state === 'done' && queued.file) sendBack({ type: 'upload.done', file: queued.file });
      else if (queued.state === 'failed') {
        notifyFailure(adminT('upload.failedTitle'), { message: queued.error ?? adminT('upload.failed') });
        sendBack({ type: 'upload.fail', reason: queued.error ?? null });
        // The panel offers Upload again; the header does not list it a second time.
        void cancelUpload(queued.id);
      } else sendBack({ type: 'upload.progress', percent: percentSent(queued) });
    };
    const stop = uploadQueue.subscribe(follow);
    void enqueueUpload(input.file, { keepOriginal: keepOriginal() }).then((queued) => {
      id = queued.id;
      sendBack({ type: 'upload.queued', queued: { id, originalSize: queued.originalSize, size: queued.size } });
      follow();
    });
    return stop;
  });

/** Choose, drop or paste a file, Upload, watch its progress, then the outcome. Native drag events (no Dropzone). */
export function UploadPanel({ onUploaded, onUseNow }: Props) {
  const { t, term } = useAdminText();
  const [dragging, setDragging] = useState(false);
  const [keepOriginal, setKeepOriginal] = useState(() => !shrinksPhotos());
  const keepOriginalNow = useRef(keepOriginal);
  keepOriginalNow.current = keepOriginal;
  const [state, send] = useMachine(
    uploadMachine.provide({
      actors: { upload: queuedTransfer(() => keepOriginalNow.current) },
      actions: { notifyUploaded: (_, file) => onUploaded(file) },
    }),
    { inspect },
  );
  const { file, progress, reason, queued } = state.context;
  const uploading = state.matches('uploading');
  const queue = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.get, uploadQueue.get);
  const waiting = uploading && queue.find((upload) => upload.id === queued?.id)?.state === 'waiting';
  const choose = (chosen: UploadFile | null) => send({ type: 'file.choose', file: chosen });

  useEffect(() => {
    // A file pasted anywhere while the panel shows (a screenshot, a copied image) is chosen too.
    const onPaste = (event: ClipboardEvent) => {
      const pasted = event.clipboardData?.files[0];
      if (!pasted) return;
      event.preventDefault();
      send({ type: 'file.choose', file: pasted });
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [send]);

  return (
    <Stack
      gap="xs"
      className="admin-dropzone"
      data-active={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped) choose(dropped);
      }}
    >
      <Text size="sm" c="dimmed">
        {t('upload.hint', { mb: LIMITS.upload.resumableMaxBytes / 1024 / 1024 })}
      </Text>
      <Group align="flex-end" justify="center" gap="xs">
        <FilePicker
          label={term('File')}
          accept={LIMITS.upload.mimeTypes.join(',')}
          file={file instanceof File ? file : null}
          onChange={choose}
          disabled={uploading}
        />
        <Button onClick={() => send({ type: 'upload.start' })} loading={uploading}>
          {t('upload.button')}
        </Button>
      </Group>
      <Group justify="center">
        <Checkbox
          size="xs"
          label={t('upload.keepOriginal')}
          description={keepOriginal ? undefined : t('upload.shrinkNote')}
          checked={keepOriginal}
          disabled={uploading}
          onChange={(event) => setKeepOriginal(event.currentTarget.checked)}
        />
      </Group>
      {queued && queued.size !== queued.originalSize && (
        <Text size="xs" c="dimmed" data-testid="upload-sizes">
          {t('upload.sizes', { before: byteSize(queued.originalSize), after: byteSize(queued.size) })}
        </Text>
      )}
      {waiting && (
        <Text size="xs" role="status">
          {t('upload.waiting')}
        </Text>
      )}
      {uploading && queued && onUseNow && (
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => onUseNow(pendingRef(queued.id))}>
            {t('upload.useNow')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('upload.useNowHint')}
          </Text>
        </Group>
      )}
      {(uploading || state.matches('succeeded')) && (
        <Progress value={progress} aria-label={t('upload.progress')} animated={uploading} />
      )}
      {uploading && <Text size="xs">{progress}%</Text>}
      {state.matches('noFileError') && (
        <Text c="red" size="sm" role="alert">
          {t('upload.noFile')}
        </Text>
      )}
      {state.matches('succeeded') && (
        <Alert color="green" role="status" py={6}>
          {t('upload.succeeded')}
        </Alert>
      )}
      {state.matches('failed') && (
        <Alert color="red" role="alert" py={6}>
          {t('upload.failed')}
          {reason && <Text size="xs">{reason}</Text>}
        </Alert>
      )}
    </Stack>
  );
}
