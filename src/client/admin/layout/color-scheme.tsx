/**
 * The back-office follows the system's light or dark setting unless staff choose one; the choice
 * is kept on this device.
 */
import { Center, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect } from 'react';
import { setDocumentColorScheme } from '../../ui/color-scheme';
import { useAdminText } from '../i18n';
import type { AdminMessageKey } from '../i18n';

type Preference = 'auto' | 'light' | 'dark';
const CHOICES: { value: Preference; label: AdminMessageKey; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'scheme.auto', icon: IconDeviceDesktop },
  { value: 'light', label: 'scheme.light', icon: IconSun },
  { value: 'dark', label: 'scheme.dark', icon: IconMoon },
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
  const { t } = useAdminText();
  const [preference, setPreference] = usePreference();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('scheme.label')}
      value={preference}
      onChange={(value) => setPreference(value as Preference)}
      data={CHOICES.map(({ value, label, icon: Icon }) => ({
        value,
        label: (
          <Center title={t(label)}>
            <Icon size={16} stroke={1.6} aria-hidden />
            <VisuallyHidden>{t(label)}</VisuallyHidden>
          </Center>
        ),
      }))}
    />
  );
}
