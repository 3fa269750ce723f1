/** The back-office's colour scheme choice: the system's, light or dark (color-scheme-preference.ts keeps it). */
import { VisuallyHidden } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { type Preference, usePreference } from './color-scheme-preference';
import { useAdminText } from '../i18n';
import type { AdminMessageKey } from '../i18n';

const CHOICES: { value: Preference; label: AdminMessageKey; icon: typeof IconSun }[] = [
  { value: 'auto', label: 'scheme.auto', icon: IconDeviceDesktop },
  { value: 'light', label: 'scheme.light', icon: IconSun },
  { value: 'dark', label: 'scheme.dark', icon: IconMoon },
];

/**
 * Three choices side by side (icons, named for screen readers): the browser's own radio group, so
 * the current one is announced and the arrow keys move between them. Drawn as a segmented control
 * by admin.css (Mantine's SegmentedControl was 3 KB of gzip on every signed-in screen for this).
 */
export function ColorSchemeChoice() {
  const { t } = useAdminText();
  const [preference, setPreference] = usePreference();
  return (
    <div role="radiogroup" aria-label={t('scheme.label')} className="admin-segments">
      {CHOICES.map(({ value, label, icon: Icon }) => (
        <label key={value} title={t(label)}>
          <input
            type="radio"
            name="admin-color-scheme"
            value={value}
            checked={preference === value}
            onChange={() => setPreference(value)}
          />
          <Icon size={16} stroke={1.6} aria-hidden />
          <VisuallyHidden>{t(label)}</VisuallyHidden>
        </label>
      ))}
    </div>
  );
}
