/**
 * The back-office follows the system's light or dark setting unless staff choose one; the choice
 * is kept on this device.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect } from 'react';
import { setDocumentColorScheme } from '../../ui/color-scheme';

type Preference = 'auto' | 'light' | 'dark';
const CHOICES: { value: Preference; label: string; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'Match the system', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
];

const usePreference = () =>
  useLocalStorage<Preference>({ key: 'orgsite-admin-color-scheme', defaultValue: 'auto', getInitialValueInEffect: false });

/** Applies the back-office scheme to the document while the calling screen is shown. */
export function useAdminColorScheme(): void {
  const [preference] = usePreference();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', undefined, { getInitialValueInEffect: false });
  const scheme = preference === 'auto' ? (systemDark ? 'dark' : 'light') : preference;
  useEffect(() => {
    setDocumentColorScheme(scheme);
    return () => setDocumentColorScheme('light');
  }, [scheme]);
}

export function ColorSchemeMenu() {
  const [preference, setPreference] = usePreference();
  const Current = CHOICES.find((choice) => choice.value === preference)?.icon ?? IconDeviceDesktop;
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label="Colour scheme">
          <Current size={18} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {CHOICES.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            role="menuitemradio"
            aria-checked={preference === value}
            leftSection={<Icon size={16} stroke={1.6} />}
            rightSection={preference === value ? <IconCheck size={14} /> : null}
            onClick={() => setPreference(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
