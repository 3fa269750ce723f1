import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { formatTime } from '../format-time';
import { useCallback, useState, type KeyboardEvent } from 'react';
import { mediaPickerMachine } from '../../../../machines/media-picker';
import { objectPosition, thumbnailUrl } from '../../../shared/renditions';
import { inspect } from '../../inspect';
import { adminCall } from '../api/admin-call';
import { adminKeys, filesQuery, type MediaFile } from '../api/admin-queries';
import { notifyFailure } from '../api/notify';
import { UploadPanel } from './UploadPanel';
import { landedPicture } from './upload-queue';
import { byteSize } from './byte-size';
import { FileDetails } from './FileDetails';
import { useAdminText, adminT } from '../i18n';
import { apiPath } from '../../api/http';

interface PickerProps {
  title: string;
  /** The chosen file's address, and what the library keeps about it (its alt text). */
  onInsert: (url: string, file?: MediaFile) => void;
  onClose: () => void;
  /** Whether a file still uploading may be inserted by its pending reference (a picture field may hold one). */
  allowPending?: boolean;
}

const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);
const displayName = (file: MediaFile) => file.original_name || fileName(file.url);
const isImage = (url: string) => /\.(png|jpe?g|webp|gif|avif|svg)$/i.test(url);

/**
 * What a key pressed on a file tile does: an arrow (or Home/End) selects the next tile that way,
 * Enter on the selected tile inserts it, Delete asks to delete it.
 */
function keyAction(event: KeyboardEvent<HTMLElement>): HTMLButtonElement | 'insert' | 'delete' | undefined {
  const tiles = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('.admin-media-tile')];
  const at = tiles.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return undefined;
  if (event.key === 'Enter' && tiles[at]!.getAttribute('aria-pressed') === 'true') return 'insert';
  if (event.key === 'Delete') return 'delete';
  const rowTop = tiles[0]!.getBoundingClientRect().top;
  const columns = tiles.filter((tile) => tile.getBoundingClientRect().top === rowTop).length;
  const steps: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
    Home: -at,
    End: tiles.length,
  };
  const step = steps[event.key];
  if (step === undefined) return undefined;
  const next = tiles[Math.min(tiles.length - 1, Math.max(0, at + step))]!;
  next.focus();
  return next;
}

/**
 * A tile's picture: the server's square frame of it, or, for a picture uploaded from this device
 * during this visit, the device's own copy, framed the same way. The server makes its frames in
 * the background once a file is stored, so a new upload would otherwise stay blank until they are.
 */
function TilePicture({ file }: { file: MediaFile }) {
  const local = landedPicture(file.url);
  if (!local) return <img src={thumbnailUrl(file.url)} alt="" loading="lazy" decoding="async" />;
  return (
    <img
      src={local}
      alt=""
      decoding="async"
      style={{ objectPosition: objectPosition(file.focal_x ?? 0.5, file.focal_y ?? 0.5) }}
    />
  );
}

/** The media library as a dialog that hands the chosen file's address to a field. */
export function MediaPicker({ title, onInsert, onClose, allowPending }: PickerProps) {
  return (
    <Modal opened onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': adminT('common.close') }}>
      <MediaLibrary onInsert={onInsert} allowPending={allowPending} />
    </Modal>
  );
}

/**
 * Upload, find, look at and delete the site's files; with `onInsert` (the picker) a chosen file is
 * inserted, without it (the Media screen) the library is managed on its own.
 */
export function MediaLibrary({ onInsert, allowPending }: Pick<Partial<PickerProps>, 'onInsert' | 'allowPending'>) {
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const files = useQuery(filesQuery);
  const [state, send] = useMachine(
    mediaPickerMachine.provide({
      actors: {
        deleteFile: fromPromise(async ({ input }: { input: { url: string } }) => {
          try {
            await adminCall(apiPath`delete-file/${fileName(input.url)}`, { method: 'DELETE' });
          } catch (error) {
            notifyFailure(adminT('media.deleteFailed'), error);
            throw error;
          }
        }),
      },
      actions: {
        insertFile: (_, { url }) =>
          onInsert?.(
            url,
            files.data?.find((file) => file.url === url),
          ),
        notifyDeleted: (_, { url }) => {
          void queryClient.invalidateQueries({ queryKey: adminKeys.files });
          notifications.show({ color: 'green', message: adminT('toast.deleted', { label: fileName(url) }) });
        },
      },
    }),
    { inspect, input: {} },
  );
  const { selected, errorMessage } = state.context;
  const [search, setSearch] = useState('');
  /** null: every folder; '': the files in none. */
  const [folder, setFolder] = useState<string | null>(null);
  const needle = search.trim().toLowerCase();
  const folders = [...new Set((files.data ?? []).flatMap((file) => (file.folder ? [file.folder] : [])))].sort();
  const shown = (files.data ?? []).filter(
    (file) =>
      (!needle || displayName(file).toLowerCase().includes(needle)) && (folder === null || (file.folder ?? '') === folder),
  );
  const selectedFile = files.data?.find((file) => file.url === selected);
  const selectReplacement = useCallback((url: string) => send({ type: 'file.click', url }), [send]);
  const deleting = state.matches('deleting');
  const confirming = state.matches('confirmingDelete');

  return (
    <Stack>
      <UploadPanel
        onUploaded={(file) => {
          void queryClient.invalidateQueries({ queryKey: adminKeys.files });
          send({ type: 'file.click', url: file.url });
        }}
        onUseNow={allowPending ? onInsert : undefined}
      />
      {errorMessage && (
        <Alert color="red" role="alert">
          {errorMessage}
        </Alert>
      )}
      {files.isError ? (
        <Alert color="red" role="alert" title={t('media.loadFailed')}>
          {files.error.message}
          <div>
            <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void files.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : !files.data ? (
        <Center py="xl">
          <Loader aria-label={t('media.loading')} />
        </Center>
      ) : files.data.length === 0 ? (
        <Text ta="center" c="dimmed" py="md">
          {t('media.none')}
        </Text>
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <TextInput
              label={t('media.search')}
              placeholder={t('media.name')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={260}
            />
            {folders.length > 0 && (
              <NativeSelect
                label={t('media.folder')}
                value={folder ?? '*'}
                onChange={(event) => setFolder(event.currentTarget.value === '*' ? null : event.currentTarget.value)}
                data={[
                  { value: '*', label: t('media.allFolders') },
                  { value: '', label: t('media.noFolder') },
                  ...folders.map((name) => ({ value: name, label: name })),
                ]}
                w={200}
              />
            )}
          </Group>
          <div className="admin-media-body" data-details={selectedFile ? '' : undefined}>
            <SimpleGrid
              cols={{ base: 2, sm: 3, md: selectedFile ? 4 : 5 }}
              spacing="xs"
              role="list"
              aria-label={t('media.files')}
              aria-describedby="media-keys"
              onKeyDown={(event) => {
                const key = keyAction(event);
                if (!key) return;
                event.preventDefault();
                if (key === 'insert') send({ type: 'selection.insert' });
                else if (key === 'delete') send({ type: 'selection.delete' });
                else key.click();
              }}
            >
              {shown.map((file) => (
                <div role="listitem" key={file.url}>
                  <UnstyledButton
                    className="admin-media-tile"
                    aria-pressed={selected === file.url}
                    aria-label={displayName(file)}
                    title={displayName(file)}
                    disabled={deleting}
                    onClick={() => send({ type: 'file.click', url: file.url })}
                    // A second click deselects (spec §2.2); a double click (or Enter on the selected file) picks it at once.
                    onDoubleClick={onInsert && (() => send({ type: 'file.insert', url: file.url }))}
                  >
                    {isImage(file.url) ? (
                      <TilePicture file={file} />
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
                      {`${byteSize(file.size)} · ${formatTime(file.created_at, 'YYYY-MM-DD')}`}
                    </Text>
                  </UnstyledButton>
                </div>
              ))}
            </SimpleGrid>
            {/* Beside the files on a wide screen, where the selection is; under them on a phone. */}
            {selectedFile && <FileDetails key={selectedFile.name} file={selectedFile} onReplaced={selectReplacement} />}
          </div>
          <Text id="media-keys" size="xs" c="dimmed">
            {t(onInsert ? 'media.keysInsert' : 'media.keys')}
          </Text>
          {shown.length === 0 && (
            <Text ta="center" c="dimmed">
              {t('media.noMatch', { search })}
            </Text>
          )}
        </>
      )}
      {confirming ? (
        <Alert color="red" title={t('media.deleteTitle')} role="alertdialog">
          <Text size="sm">{selected && t('media.deleteText', { name: fileName(selected) })}</Text>
          <Group mt="sm" gap="xs">
            <Button size="xs" variant="default" onClick={() => send({ type: 'delete.cancel' })}>
              {t('common.close')}
            </Button>
            <Button size="xs" color="red" onClick={() => send({ type: 'delete.confirm' })}>
              {t('delete.confirm')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {selected ? t('media.selected', { name: fileName(selected) }) : t('media.select')}
          </Text>
          <Group gap="xs">
            <Button
              color="red"
              variant="light"
              disabled={!selected || deleting}
              loading={deleting}
              onClick={() => send({ type: 'selection.delete' })}
            >
              {t('delete.confirm')}
            </Button>
            {onInsert && (
              <Button disabled={!selected || deleting} onClick={() => send({ type: 'selection.insert' })}>
                {t('editor.insert')}
              </Button>
            )}
          </Group>
        </Group>
      )}
    </Stack>
  );
}
