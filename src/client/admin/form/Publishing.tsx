/**
 * The publishing parts of a page, post or slide form: the notice that the form shows a draft (with
 * Discard), and preview links that show the saved draft on the public site to whoever holds them.
 */
import { Alert, Anchor, Button, CopyButton, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../format-time';
import type { EntityDef } from '../../../shared/entities';
import { adminCall } from '../api/admin-call';
import { entityDraftQuery, entityKeys } from '../api/entity-queries';
import { notifyFailure } from '../api/notify';
import { useAdminText, adminT } from '../i18n';
import { apiPath } from '../../api/http';

export function DraftNotice({ def, recordKey, onDiscarded }: { def: EntityDef; recordKey: string; onDiscarded: () => void }) {
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const draft = useQuery(entityDraftQuery(def, recordKey));
  const discard = useMutation({
    mutationFn: () => adminCall(apiPath`${def.resource}/${recordKey}/draft`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.draft(def.resource, recordKey) });
      notifications.show({ color: 'green', message: t('draft.discarded') });
      onDiscarded();
    },
    onError: (error) => notifyFailure(t('draft.discardFailed'), error),
  });
  if (!draft.data) return null;
  const { user_name, updated_at } = draft.data;
  return (
    <Alert color="blue" role="status" title={t('draft.title')}>
      <Text size="sm">
        {`${t('draft.savedBy', { by: user_name ?? t('conflict.someone'), at: formatTime(updated_at, 'YYYY-MM-DD HH:mm') })} `}
        {t('draft.visitors')}
      </Text>
      <Button mt="xs" size="xs" variant="default" loading={discard.isPending} onClick={() => discard.mutate()}>
        {t('draft.discard')}
      </Button>
    </Alert>
  );
}

interface PreviewLinkAnswer {
  url: string;
  expires_at: string;
}

/** "Preview": a signed link to the public page as the saved draft has it, valid for an hour. */
export function usePreviewLink(def: EntityDef, recordKey: string | undefined) {
  return useMutation({
    mutationFn: () => adminCall<PreviewLinkAnswer>(apiPath`${def.resource}/${recordKey!}/preview-link`, { method: 'POST' }),
    onError: (error) => notifyFailure(adminT('preview.failed'), error),
  });
}

export function PreviewLinkNotice({ link }: { link: PreviewLinkAnswer }) {
  const { t } = useAdminText();
  return (
    <Alert color="gray" role="status" title={t('preview.title')}>
      <Text size="sm">{t('preview.text', { until: formatTime(link.expires_at, 'HH:mm') })}</Text>
      <Group mt="xs" gap="xs">
        <Anchor href={link.url} target="_blank" rel="noopener">
          {t('preview.open')}
        </Anchor>
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? t('common.copied') : t('preview.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}
