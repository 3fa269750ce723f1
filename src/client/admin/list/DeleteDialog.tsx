import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import type { useDeleteConfirm } from './useDeleteConfirm';

interface Props {
  opened: boolean;
  label: string;
  deleting: boolean;
  errorMessage: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

export function DeleteDialog({ opened, label, deleting, errorMessage, onClose, onConfirm }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Delete Confirmation"
      centered
      closeOnClickOutside={!deleting}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Text>Are you sure to delete?</Text>
      {label && (
        <Text size="sm" c="dimmed" mt={4}>
          {label}
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
          Delete
        </Button>
      </Group>
    </Modal>
  );
}

/** The dialog driven by the delete-confirm machine, as every screen that deletes shows it. */
export function DeleteConfirmDialog({ machine: [state, send] }: { machine: ReturnType<typeof useDeleteConfirm> }) {
  return (
    <DeleteDialog
      opened={!state.matches('idle')}
      label={state.context.target?.label ?? ''}
      deleting={state.matches('deleting')}
      errorMessage={state.context.errorMessage}
      onClose={() => send({ type: 'delete.cancel' })}
      onConfirm={() => send({ type: 'delete.confirm' })}
    />
  );
}
