import { Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { languageName } from '../../../shared/locales';
import { chooseOwnLanguage } from '../account/own-language';
import { ENTITIES } from '../../../shared/entities';
import { config } from '../../config';
import { useRights } from '../session/rights';
import { ADMIN_LANGUAGES, useAdminText } from '../i18n';
import type { DropdownProps } from './OnFirstPress';

/** The profile menu itself, loaded when the profile button is first pressed (ProfileMenu.tsx). */
export function ProfileMenuDropdown({ target, defaultOpened, onLogout }: DropdownProps<{ onLogout: () => void }>) {
  const { t, language: shown } = useAdminText();
  const rights = useRights();
  const queryClient = useQueryClient();
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
        {/* One click changes the back-office's language and saves it to the profile, as the sign-in page's switch does before anyone is known. */}
        <Menu.Label>{t('profileMenu.language')}</Menu.Label>
        {ADMIN_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            // Mantine keeps the item's role menuitem, which takes no aria-checked: the current one is marked so.
            aria-current={language === shown ? 'true' : undefined}
            lang={language}
            leftSection={<IconCheck size={14} aria-hidden style={{ visibility: language === shown ? 'visible' : 'hidden' }} />}
            onClick={() => void chooseOwnLanguage(queryClient, language)}
          >
            {languageName(language)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          {t('profileMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
