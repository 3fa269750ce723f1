import { Alert, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import dayjs from 'dayjs';
import { useState } from 'react';
import { mediaPickerMachine } from '../../../../machines/media-picker';
import { inspect } from '../../inspect';
import { adminCall } from '../api/admin-call';
import { adminKeys, filesQuery, type MediaFile } from '../api/admin-queries';
import { notifyFailure } from '../api/notify';
import { UploadPanel } from './UploadPanel';

interface PickerProps {
  title: string;
  onInsert: (url: string) => void;
  onClose: () => void;
}

const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);
const displayName = (file: MediaFile) => file.original_name || fileName(file.url);
const sizeOf = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const isImage = (url: string) => /\.(png|jpe?g|webp|gif|avif|svg)$/i.test(url);

/** The media library as a dialog that hands the chosen file's address to a field. */
export function MediaPicker({ title, onInsert, onClose }: PickerProps) {
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <MediaLibrary onInsert={onInsert} />
    </Modal>
  );
}

/**
 * Upload, find, look at and delete the site's files; with `onInsert` (the picker) a chosen file is
 * inserted, without it (the Media screen) the library is managed on its own.
 */
export function MediaLibrary({ onInsert }: { onInsert?: (url: string) => void }) {
  const queryClient = useQueryClient();
  const files = useQuery(filesQuery);
  const [state, send] = useMachine(
    mediaPickerMachine.provide({
      actors: {
        deleteFile: fromPromise(async ({ input }: { input: { url: string } }) => {
          try {
            await adminCall(`delete-file/${encodeURIComponent(fileName(input.url))}`, { method: 'DELETE' });
          } catch (error) {
            notifyFailure('Deleting the file failed', error);
            throw error;
          }
        }),
      },
      actions: {
        insertFile: (_, { url }) => onInsert?.(url),
        notifyDeleted: (_, { url }) => {
          void queryClient.invalidateQueries({ queryKey: adminKeys.files });
          notifications.show({ color: 'green', message: `Deleted ${fileName(url)}.` });
        },
      },
    }),
    { inspect, input: {} },
  );
  const { selected, errorMessage } = state.context;
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = (files.data ?? []).filter((file) => !needle || displayName(file).toLowerCase().includes(needle));
  const deleting = state.matches('deleting');
  const confirming = state.matches('confirmingDelete');

  return (
    <Stack>
      <UploadPanel
        onUploaded={(file) => {
          void queryClient.invalidateQueries({ queryKey: adminKeys.files });
          send({ type: 'file.click', url: file.url });
        }}
      />
      {errorMessage && (
        <Alert color="red" role="alert">
          {errorMessage}
        </Alert>
      )}
      {files.isError ? (
        <Alert color="red" role="alert" title="Could not load the files">
          {files.error.message}
          <div>
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void files.refetch()}>
              Retry
            </Button>
          </div>
        </Alert>
      ) : !files.data ? (
        <Center py="xl">
          <Loader aria-label="Loading files" />
        </Center>
      ) : files.data.length === 0 ? (
        <Text ta="center" c="dimmed" py="md">
          No files yet. Upload one above.
        </Text>
      ) : (
        <>
          <TextInput
            label="Search files"
            placeholder="Name"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={260}
          />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" role="list" aria-label="Files">
            {shown.map((file) => (
              <div role="listitem" key={file.url}>
                <UnstyledButton
                  className="admin-media-tile"
                  aria-pressed={selected === file.url}
                  aria-label={displayName(file)}
                  title={displayName(file)}
                  disabled={deleting}
                  onClick={() => send({ type: 'file.click', url: file.url })}
                  // A double click (or Enter on the selected file) picks it at once.
                  onDoubleClick={onInsert && (() => send({ type: 'selection.insert' }))}
                >
                  {isImage(file.url) ? (
                    <img src={file.url} alt="" loading="lazy" decoding="async" />
                  ) : (
                    <Center h={96}>
                      <Text size="xs" fw={600} px={4}>
                        {(file.mime ?? 'file').split('/').pop()?.toUpperCase()}
                      </Text>
                    </Center>
                  )}
                  <Text size="xs" fw={600} truncate px={4} pt={4}>
                    {displayName(file)}
                  </Text>
                  <Text size="xs" c="dimmed" px={4} pb={4}>
                    {`${sizeOf(file.size)} · ${dayjs(file.created_at).format('YYYY-MM-DD')}`}
                  </Text>
                </UnstyledButton>
              </div>
            ))}
          </SimpleGrid>
          {shown.length === 0 && (
            <Text ta="center" c="dimmed">
              No file matches “{search}”.
            </Text>
          )}
        </>
      )}
      {confirming ? (
        <Alert color="red" title="Delete this file?" role="alertdialog">
          <Text size="sm">{selected && fileName(selected)} will be removed from the media store.</Text>
          <Group mt="sm" gap="xs">
            <Button size="xs" variant="default" onClick={() => send({ type: 'delete.cancel' })}>
              Close
            </Button>
            <Button size="xs" color="red" onClick={() => send({ type: 'delete.confirm' })}>
              Delete
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {selected ? `Selected: ${fileName(selected)}` : 'Click a file to select it.'}
          </Text>
          <Group gap="xs">
            <Button
              color="red"
              variant="light"
              disabled={!selected || deleting}
              loading={deleting}
              onClick={() => send({ type: 'selection.delete' })}
            >
              Delete
            </Button>
            {onInsert && (
              <Button disabled={!selected || deleting} onClick={() => send({ type: 'selection.insert' })}>
                Insert
              </Button>
            )}
          </Group>
        </Group>
      )}
    </Stack>
  );
}
