import { Button, Group, Modal, Text } from '@mantine/core';
import { useAdminText } from '../i18n';
import type { Logout } from './useLogout';

/** Asked before signing out with work not yet sent: signing out discards it (useLogout.ts). */
export function SignOutDialog({ logout }: { logout: Logout }) {
  const { t } = useAdminText();
  const count = logout.unsent ?? 0;
  return (
    <Modal opened={logout.unsent !== null} onClose={logout.cancel} title={t('signOut.unsent.title')} centered>
      <Text>{t('signOut.unsent.text', { count })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={logout.cancel}>
          {t('signOut.unsent.stay')}
        </Button>
        <Button color="red" onClick={logout.confirm}>
          {t('signOut.unsent.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
