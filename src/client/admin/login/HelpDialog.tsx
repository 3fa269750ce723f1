import { Modal, Text } from '@mantine/core';
import { useAdminText } from '../i18n';

/** AccountHelp's explanation, in a dialog. */
export function HelpDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const { t } = useAdminText();
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text size="sm">{text}</Text>
    </Modal>
  );
}
