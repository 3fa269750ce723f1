import { Anchor } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { lazyComponent } from '../../ui/lazy-component';

interface Props {
  label: string;
  title: string;
  text: string;
}

// The dialog (Mantine's Modal, with its focus trap and scroll area) loads when someone asks: the
// sign-in screen does not download it for a link few people follow.
const HelpDialog = lazyComponent(() => import('./HelpDialog').then((m) => m.HelpDialog));

/**
 * 'Forgot Password' and 'Create an account' had no behaviour in the original. Staff accounts are
 * managed by administrators, so the honest answer is a short explanation, not a dead link.
 */
export function AccountHelp({ label, title, text }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        {label}
      </Anchor>
      {opened && (
        <Suspense fallback={null}>
          <HelpDialog title={title} text={text} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
