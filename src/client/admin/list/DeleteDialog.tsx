import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { LIMITS } from '../../../shared/limits';
import type { AdminEntity } from '../admin-entities';
import { deletesForGood, type useDeleteConfirm } from './useDeleteConfirm';
import { useAdminText } from '../i18n';

interface Props {
  opened: boolean;
  /** What is deleted, e.g. "post", and its name: the question names both. */
  what: string;
  label: string;
  /** What the delete does, under the question (moves to the Trash, or cannot be undone). */
  consequence?: string;
  /** The confirm button's text. */
  confirmText?: string;
  deleting: boolean;
  errorMessage: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeleteDialog({
  opened,
  what,
  label,
  consequence,
  confirmText,
  deleting,
  errorMessage,
  onClose,
  onConfirm,
}: Props) {
  const { t } = useAdminText();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('delete.title')}
      centered
      closeOnClickOutside={!deleting}
      closeButtonProps={{ 'aria-label': t('delete.close') }}
    >
      {/* The spec's question (§2.2), then what exactly goes. */}
      <Text fw={500}>{t('delete.question')}</Text>
      <Text mt={4}>{label ? t('delete.named', { what, label }) : t('delete.unnamed', { what })}</Text>
      {consequence && (
        <Text size="sm" mt="sm">
          {consequence}
        </Text>
      )}
      {errorMessage && (
        <Alert color="red" role="alert" mt="md">
          {errorMessage}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={deleting}>
          {t('common.close')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          {confirmText ?? t('delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

/** The dialog driven by the delete-confirm machine, as every screen that deletes shows it. */
export function DeleteConfirmDialog({
  machine: [state, send],
  entity,
  permanent = false,
}: {
  machine: ReturnType<typeof useDeleteConfirm>;
  entity: AdminEntity;
  /** Erasing from the Trash, rather than an ordinary delete. */
  permanent?: boolean;
}) {
  const forGood = deletesForGood(entity, permanent);
  const { t, term } = useAdminText();
  return (
    <DeleteDialog
      opened={!state.matches('idle')}
      what={term(entity.def.formTitle).toLowerCase()}
      label={state.context.target?.label ?? ''}
      consequence={forGood ? t('delete.forGood') : t('delete.toTrash', { count: LIMITS.trashDays })}
      confirmText={permanent ? t('delete.permanently') : t('delete.confirm')}
      deleting={state.matches('deleting')}
      errorMessage={state.context.errorMessage}
      onClose={() => send({ type: 'delete.cancel' })}
      onConfirm={() => send({ type: 'delete.confirm' })}
    />
  );
}
