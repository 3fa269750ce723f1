import { Button, Group, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useAdminText } from '../i18n';
import type { Logout } from './useLogout';

/**
 * Asked before signing out with work not yet sent: signing out discards it (useLogout.ts).
 *
 * The browser's own modal dialog (`<dialog>` opened with showModal()): the page behind it is inert,
 * focus starts in it and Escape closes it. It is asked mostly offline, so it is part of the frame's
 * code rather than loaded when asked (the back-office's other files may not be kept on the device
 * yet); Mantine's Modal there would bring its focus trap, scroll lock and scroll area to every
 * signed-in screen. admin.css gives it a Mantine modal's look (`.admin-dialog`).
 */
export function SignOutDialog({ logout }: { logout: Logout }) {
  const { t } = useAdminText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const asked = logout.unsent !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (asked && !dialog?.open) dialog?.showModal();
    if (!asked && dialog?.open) dialog.close();
  }, [asked]);
  return (
    // Closed by Escape too: that is staying signed in.
    <dialog ref={ref} className="admin-dialog" aria-labelledby={titleId} onClose={logout.cancel}>
      <h2 id={titleId} className="admin-dialog-title">
        {t('signOut.unsent.title')}
      </h2>
      <Text>{t('signOut.unsent.text', { count: logout.unsent ?? 0 })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={logout.cancel}>
          {t('signOut.unsent.stay')}
        </Button>
        <Button color="red" onClick={logout.confirm}>
          {t('signOut.unsent.confirm')}
        </Button>
      </Group>
    </dialog>
  );
}
