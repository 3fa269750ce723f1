import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromCallback } from 'xstate';
import { LIMITS } from '../../../shared/limits';
import { type UploadedFile, type UploadEvent, type UploadFile, uploadMachine } from '../../../../machines/upload';
import { inspect } from '../../inspect';
import { notifyFailure } from '../api/notify';
import { uploadFile } from './upload-request';
import { useAdminText, adminT } from '../i18n';

interface Props {
  onUploaded: (file: UploadedFile) => void;
}

/** Choose, drop or paste a file, Upload, watch 0 → 100, then the outcome. Native drag events (no Dropzone). */
export function UploadPanel({ onUploaded }: Props) {
  const { t, term } = useAdminText();
  const [dragging, setDragging] = useState(false);
  const [state, send] = useMachine(
    uploadMachine.provide({
      actors: {
        upload: fromCallback<UploadEvent, { file: UploadFile }>(({ sendBack, input }) =>
          uploadFile(input.file, {
            onProgress: (percent) => sendBack({ type: 'upload.progress', percent }),
            onDone: (file) => sendBack({ type: 'upload.done', file }),
            onFail: (reason) => {
              notifyFailure(adminT('upload.failedTitle'), { message: reason ?? adminT('upload.failed') });
              sendBack({ type: 'upload.fail', reason });
            },
          }),
        ),
      },
      actions: { notifyUploaded: (_, file) => onUploaded(file) },
    }),
    { inspect },
  );
  const { file, progress, reason } = state.context;
  const uploading = state.matches('uploading');
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
        {t('upload.hint', { mb: LIMITS.upload.maxBytes / 1024 / 1024 })}
      </Text>
      <Group align="flex-end" justify="center" gap="xs">
        <FileInput
          label={term('File')}
          accept={LIMITS.upload.mimeTypes.join(',')}
          value={file instanceof File ? file : null}
          onChange={choose}
          clearable
          disabled={uploading}
          w={260}
        />
        <Button onClick={() => send({ type: 'upload.start' })} loading={uploading}>
          {t('upload.button')}
        </Button>
      </Group>
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
