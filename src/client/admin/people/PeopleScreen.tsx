/**
 * System → A person's data (admins only, issue 59): for an email address, everything held about
 * it on every site downloaded as JSON, or erased for good after the delete dialog's question. The
 * server (routes/people.ts) finds, erases and logs; this screen only asks and tells.
 */
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnswerOf } from '../../../shared/api/client';
import { adminCall } from '../api/admin-call';
import { ApiError } from '../../api/http';
import { useAdminText } from '../i18n';
import { DeleteDialog } from '../list/DeleteDialog';
import { saveFile } from '../save-file';

/** Enough of an address to ask the server about it; the server's own check decides. */
const looksLikeAddress = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim());

/** Saves what the server answered as `person-<date>.json`. */
function saveJson(data: unknown): void {
  saveFile(`${JSON.stringify(data, null, 2)}\n`, 'application/json', `person-${new Date().toISOString().slice(0, 10)}.json`);
}

export function PeopleScreen() {
  const { t, message } = useAdminText();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const invalid = checked && !looksLikeAddress(email) ? t('people.invalidEmail') : undefined;
  const fieldError = (error: unknown) =>
    error instanceof ApiError && error.errors.email ? t('people.invalidEmail') : error ? message((error as Error).message) : null;

  const exportData = useMutation({
    mutationFn: () =>
      adminCall<AnswerOf<'people.export'>>('people/export', { query: { email: email.trim() } }).then((answer) => answer.data!),
    onSuccess: (data) => {
      saveJson(data);
      notifications.show({
        color: 'green',
        message: `${t('people.exported', { subscriptions: data.subscriptions?.length ?? 0, messages: data.messages?.length ?? 0 })} ${t('people.formEntries', { count: data.form_entries?.length ?? 0 })}`,
      });
    },
  });
  const erase = useMutation({
    mutationFn: () =>
      adminCall<AnswerOf<'people.erase'>>('people/erase', { method: 'POST', body: { email: email.trim() } }).then(
        (answer) => answer.data!,
      ),
    onSuccess: (done) => {
      setConfirming(false);
      notifications.show({
        color: 'green',
        message: `${t('people.erased', { subscriptions: done.subscriptions ?? 0, messages: done.messages ?? 0 })} ${t('people.formEntries', { count: done.form_entries ?? 0 })}`,
      });
      // The subscribers' and messages' lists no longer hold them.
      void queryClient.invalidateQueries();
    },
  });
  const ready = () => {
    setChecked(true);
    return looksLikeAddress(email);
  };

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{t('people.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('people.intro')}
      </Text>
      <Card withBorder>
        <Stack gap="sm">
          <TextInput
            label={t('people.email')}
            type="email"
            autoComplete="off"
            value={email}
            error={invalid ?? fieldError(exportData.error) ?? undefined}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              exportData.reset();
            }}
          />
          <Group>
            <Button loading={exportData.isPending} onClick={() => ready() && exportData.mutate()}>
              {t('people.export')}
            </Button>
            <Button color="red" variant="outline" onClick={() => ready() && setConfirming(true)}>
              {t('people.erase')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('people.eraseHint')}
          </Text>
        </Stack>
      </Card>
      {erase.isSuccess && (
        <Alert color="green" role="status">
          {t('people.erased', { subscriptions: erase.data.subscriptions ?? 0, messages: erase.data.messages ?? 0 })}{' '}
          {t('people.formEntries', { count: erase.data.form_entries ?? 0 })}
        </Alert>
      )}
      <DeleteDialog
        opened={confirming}
        what={t('people.what')}
        label={email.trim()}
        consequence={t('people.consequence')}
        deleting={erase.isPending}
        errorMessage={erase.isError ? fieldError(erase.error) : null}
        onClose={() => {
          setConfirming(false);
          erase.reset();
        }}
        onConfirm={() => erase.mutate()}
      />
    </Stack>
  );
}
