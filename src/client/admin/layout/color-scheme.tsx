/**
 * The back-office follows the system's light or dark setting unless staff choose one; the choice
 * is kept on this device.
 */
import { Center, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
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

/** Three choices side by side (icons, named for screen readers): a radio group, so the current one is announced. */
export function ColorSchemeChoice() {
  const [preference, setPreference] = usePreference();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Colour scheme"
      value={preference}
      onChange={(value) => setPreference(value as Preference)}
      data={CHOICES.map(({ value, label, icon: Icon }) => ({
        value,
        label: (
          <Center title={label}>
            <Icon size={16} stroke={1.6} aria-hidden />
            <VisuallyHidden>{label}</VisuallyHidden>
          </Center>
        ),
      }))}
    />
  );
}
