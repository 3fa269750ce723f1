import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ENTITIES } from '../../../shared/entities';
import { config } from '../../config';
import { meQuery } from '../api/admin-queries';
import { useRights } from '../session/rights';
import { useAdminText } from '../i18n';

interface Props {
  onLogout: () => void;
}

/**
 * The navbar's profile dropdown. The spec's entries were placeholders; here My Profile opens the
 * user's own account (details, password, sessions), Settings the site settings for those whose
 * role may change them, and Billing says plainly that there is no billing rather than leading nowhere.
 */
export function ProfileMenu({ onLogout }: Props) {
  const { t } = useAdminText();
  const me = useQuery(meQuery);
  const rights = useRights();
  const name = me.data ? String(me.data.name || me.data.email || 'Admin') : 'Admin';
  return (
    <Menu position="bottom-end" withArrow width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('profileMenu.label')}>
          <Group gap="xs">
            <Avatar radius="xl" size="sm" color="indigo" name={name} />
            <Text size="sm" fw={500} visibleFrom="xs">
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('profileMenu.account')}</Menu.Label>
        <Menu.Item component={Link} to="/admin/account">
          {t('profileMenu.profile')}
        </Menu.Item>
        {rights?.can('applications', 'update') && (
          <Menu.Item component={Link} to={`/admin/${ENTITIES.applications.adminPath}/form/${config.appKey}`}>
            {t('profileMenu.settings')}
          </Menu.Item>
        )}
        <Menu.Item disabled rightSection={<Text size="xs">{t('profileMenu.none')}</Text>}>
          {t('profileMenu.billing')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          {t('profileMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
