/** The back-office's colour scheme choice: the system's, light or dark (color-scheme-preference.ts keeps it). */
import { VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { type Preference, usePreference } from './color-scheme-preference';
import { useAdminText } from '../i18n';
import type { AdminMessageKey } from '../i18n';
import { Segments } from '../Segments';

const CHOICES: { value: Preference; label: AdminMessageKey; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'scheme.auto', icon: IconDeviceDesktop },
  { value: 'light', label: 'scheme.light', icon: IconSun },
  { value: 'dark', label: 'scheme.dark', icon: IconMoon },
];

/** Three choices side by side (icons, named for screen readers): a radio group, so the current one is announced. */
export function ColorSchemeChoice() {
  const { t } = useAdminText();
  const [preference, setPreference] = usePreference();
  return (
    <Segments
      label={t('scheme.label')}
      name="admin-color-scheme"
      value={preference}
      onChange={setPreference}
      data={CHOICES.map(({ value, label, icon: Icon }) => ({
        value,
        title: t(label),
        label: (
          <>
            <Icon size={16} stroke={1.6} aria-hidden />
            <VisuallyHidden>{t(label)}</VisuallyHidden>
          </>
        ),
      }))}
    />
  );
}
