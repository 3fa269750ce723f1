import { TextInput } from '@mantine/core';
import { useAdminText } from './i18n';

export interface DayRange {
  from?: string;
  to?: string;
}

/** From and To days narrowing a list (the activity log, a form's entries); an emptied one is none. */
export function DateRange({ from, to, onChange }: DayRange & { onChange: (change: DayRange) => void }) {
  const { t } = useAdminText();
  return (
    <>
      <TextInput
        label={t('activity.fromDate')}
        type="date"
        value={from ?? ''}
        onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
      />
      <TextInput
        label={t('activity.toDate')}
        type="date"
        value={to ?? ''}
        onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
      />
    </>
  );
}
