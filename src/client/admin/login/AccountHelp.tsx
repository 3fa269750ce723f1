import { Anchor, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAdminText } from '../i18n';

interface Props {
  label: string;
  title: string;
  text: string;
}

/**
 * 'Forgot Password' and 'Create an account' had no behaviour in the original. Staff accounts are
 * managed by administrators, so the honest answer is a short explanation, not a dead link.
 */
export function AccountHelp({ label, title, text }: Props) {
  const { t } = useAdminText();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        {label}
      </Anchor>
      <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text size="sm">{text}</Text>
      </Modal>
    </>
  );
}
