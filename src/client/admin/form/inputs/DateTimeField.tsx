/** A date and time, stored in UTC, picked and shown in the browser's time zone (Mantine's picker, loaded with the first such field). */
import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { localToUtc, utcToLocal } from '../../../../shared/date-time';
import { useAdminText } from '../../i18n';
import { common, fieldText, type FieldProps } from '../field-props';

export function DateTimeField(p: FieldProps) {
  const { t } = useAdminText();
  const value = fieldText(p.value);
  return (
    <DateTimePicker
      {...common(p)}
      withSeconds
      clearable
      clearButtonProps={{ 'aria-label': t('datetime.clear', { label: p.field.label }) }}
      valueFormat="YYYY-MM-DD HH:mm:ss"
      placeholder={t('datetime.placeholder')}
      description={[p.field.hint, t('datetime.zone', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })]
        .filter(Boolean)
        .join(' · ')}
      value={value ? utcToLocal(value) : null}
      onChange={(picked) => p.onChange(picked ? localToUtc(picked) : '')}
    />
  );
}
