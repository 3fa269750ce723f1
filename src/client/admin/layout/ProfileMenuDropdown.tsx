import { Menu, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ENTITIES } from '../../../shared/entities';
import { config } from '../../config';
import { useRights } from '../session/rights';
import { useAdminText } from '../i18n';
import type { DropdownProps } from './OnFirstPress';

/** The profile menu itself, loaded when the profile button is first pressed (ProfileMenu.tsx). */
export function ProfileMenuDropdown({ target, defaultOpened, onLogout }: DropdownProps<{ onLogout: () => void }>) {
  const { t } = useAdminText();
  const rights = useRights();
  return (
    <Menu position="bottom-end" withArrow width={220} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
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
