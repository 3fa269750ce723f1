import { Alert, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { mediaPickerMachine } from '../../../../machines/media-picker';
import { inspect } from '../../inspect';
import { adminCall } from '../api/admin-call';
import { adminKeys, filesQuery } from '../api/admin-queries';
import { notifyFailure } from '../api/notify';
import { UploadPanel } from './UploadPanel';

interface Props {
  title: string;
  onInsert: (url: string) => void;
  onClose: () => void;
}

const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);
const isImage = (url: string) => /\.(png|jpe?g|webp|gif|avif|svg)$/i.test(url);

export function MediaPicker({ title, onInsert, onClose }: Props) {
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
        insertFile: (_, { url }) => onInsert(url),
        notifyDeleted: (_, { url }) => {
          void queryClient.invalidateQueries({ queryKey: adminKeys.files });
          notifications.show({ color: 'green', message: `Deleted ${fileName(url)}.` });
        },
      },
    }),
    { inspect, input: {} },
  );
  const { selected, errorMessage } = state.context;
  const deleting = state.matches('deleting');
  const confirming = state.matches('confirmingDelete');

  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <UploadPanel
          onUploaded={(file) => {
            void queryClient.invalidateQueries({ queryKey: adminKeys.files });
            if (selected !== file.url) send({ type: 'file.click', url: file.url });
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
          <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="xs" role="list" aria-label="Files">
            {files.data.map((url) => (
              <div role="listitem" key={url}>
                <UnstyledButton
                  className="admin-media-tile"
                  aria-pressed={selected === url}
                  aria-label={fileName(url)}
                  title={fileName(url)}
                  disabled={deleting}
                  onClick={() => send({ type: 'file.click', url })}
                >
                  {isImage(url) ? (
                    <img src={url} alt="" loading="lazy" />
                  ) : (
                    <Center h={96}>
                      <Text size="xs" fw={600} px={4} style={{ wordBreak: 'break-all' }}>
                        {fileName(url)}
                      </Text>
                    </Center>
                  )}
                </UnstyledButton>
              </div>
            ))}
          </SimpleGrid>
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
              <Button disabled={!selected || deleting} onClick={() => send({ type: 'selection.insert' })}>
                Insert
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
