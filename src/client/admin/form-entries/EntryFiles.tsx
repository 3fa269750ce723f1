/**
 * The files a visitor sent with a form entry (issue 60: a career's CV), under the entry's answers:
 * each with the question it answers and its size, and a button that downloads it. The download
 * carries the staff's token (the file is never public), so it is fetched and saved rather than
 * linked. Loaded only when a form entry is opened.
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPath } from '../../api/http';
import { getToken } from '../../api/session';
import { config } from '../../config';
import { adminCall } from '../api/admin-call';
import { entityKeys } from '../api/entity-queries';
import { useAdminText } from '../i18n';
import { saveFile } from '../save-file';

interface EntryFile {
  id: number;
  field: string;
  name: string;
  mime: string;
  size: number;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

async function download(entryId: string, file: EntryFile): Promise<void> {
  const token = getToken();
  const response = await fetch(`${config.apiBase}/api/${apiPath`form-entries/${entryId}/files/${file.id}`}`, {
    headers: { app_key: config.appKey, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  saveFile(await response.blob(), 'application/octet-stream', file.name);
}

export default function EntryFiles({ entryId }: { entryId: string }) {
  const { t } = useAdminText();
  const [failed, setFailed] = useState(false);
  const files = useQuery({
    queryKey: [...entityKeys.all('form-entries'), 'files', entryId] as const,
    queryFn: ({ signal }) =>
      adminCall<{ data: { data: EntryFile[] } }>(apiPath`form-entries/${entryId}/files`, { signal }).then((r) => r.data.data),
    meta: { failureTitle: 'Loading the entry’s files failed' },
  });
  if (!files.data?.length) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="entry-files">
      <Title order={3} size="h5">
        {t('formEntries.files')}
      </Title>
      {files.data.map((file) => (
        <Group key={file.id} gap="sm">
          <Text size="sm">
            {file.field}: {file.name} ({sizeText(file.size)})
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              setFailed(false);
              download(entryId, file).catch(() => setFailed(true));
            }}
          >
            {t('formEntries.download')}
          </Button>
        </Group>
      ))}
      {failed && (
        <Text size="sm" c="red.8">
          {t('formEntries.downloadFailed')}
        </Text>
      )}
    </Stack>
  );
}
