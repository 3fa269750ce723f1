import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../api/admin-queries';
import { useAdminText } from '../i18n';
import { lazyComponent } from '../../ui/lazy-component';
import { OnFirstPress } from './OnFirstPress';

const Dropdown = lazyComponent(() => import('./ProfileMenuDropdown').then((m) => m.ProfileMenuDropdown));

/**
 * The navbar's profile dropdown. The spec's entries were placeholders; here My Profile opens the
 * user's own account (details, password, sessions), Settings the site settings for those whose
 * role may change them, and Billing says plainly that there is no billing rather than leading nowhere.
 */
export function ProfileMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useAdminText();
  const me = useQuery(meQuery);
  const name = me.data ? String(me.data.name || me.data.email || 'Admin') : 'Admin';
  return (
    <OnFirstPress dropdown={Dropdown} props={{ onLogout }}>
      <UnstyledButton aria-label={t('profileMenu.label')}>
        <Group gap="xs">
          <Avatar radius="xl" size="sm" color="indigo" name={name} />
          <Text size="sm" fw={500} visibleFrom="xs">
            {name}
          </Text>
        </Group>
      </UnstyledButton>
    </OnFirstPress>
  );
}
