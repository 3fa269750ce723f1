import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { LIMITS } from '../../../shared/limits';
import type { AdminEntity } from '../admin-entities';
import { deletesForGood, type useDeleteConfirm } from './useDeleteConfirm';

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
  confirmText = 'Delete',
  deleting,
  errorMessage,
  onClose,
  onConfirm,
}: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Delete Confirmation"
      centered
      closeOnClickOutside={!deleting}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {/* The spec's question (§2.2), then what exactly goes. */}
      <Text fw={500}>Are you sure to delete?</Text>
      <Text mt={4}>{label ? `The ${what} “${label}”` : `This ${what}`}</Text>
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
          Close
        </Button>
        <Button color="red" onClick={onConfirm} loading={deleting}>
          {confirmText}
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
  return (
    <DeleteDialog
      opened={!state.matches('idle')}
      what={entity.def.formTitle.toLowerCase()}
      label={state.context.target?.label ?? ''}
      consequence={
        forGood ? 'This cannot be undone.' : `It moves to the Trash, where it can be restored for ${LIMITS.trashDays} days.`
      }
      confirmText={permanent ? 'Delete permanently' : 'Delete'}
      deleting={state.matches('deleting')}
      errorMessage={state.context.errorMessage}
      onClose={() => send({ type: 'delete.cancel' })}
      onConfirm={() => send({ type: 'delete.confirm' })}
    />
  );
}
