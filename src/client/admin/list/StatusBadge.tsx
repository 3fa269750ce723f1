import { Badge, Tooltip } from '@mantine/core';
import { formatTime } from '../format-time';
import { timeOfDateTime } from '../../../shared/date-time';
import { useAdminText } from '../i18n';

/**
 * Status is a plain number: 1 is Active, anything else Inactive (spec §4). An active row whose
 * publish time is still ahead is Scheduled, with the time (in the browser's zone) on hover.
 */
export function StatusBadge({ value, publishAt }: { value: unknown; publishAt?: unknown }) {
  const { t } = useAdminText();
  const active = Number(value) === 1;
  const at = typeof publishAt === 'string' && publishAt ? timeOfDateTime(publishAt) : NaN;
  if (active && at > Date.now()) {
    const when = formatTime(at, 'YYYY-MM-DD HH:mm');
    return (
      <Tooltip label={t('status.goesPublic', { when })}>
        <Badge color="var(--admin-scheduled)" variant="outline" miw="max-content" aria-label={t('status.scheduled', { when })}>
          {t('status.scheduledBadge')}
        </Badge>
      </Tooltip>
    );
  }
  // Never cut short: the word in another language may be longer than "Active".
  return (
    <Badge color={active ? 'var(--admin-active)' : 'var(--admin-muted)'} variant="outline" miw="max-content">
      {active ? t('status.active') : t('status.inactive')}
    </Badge>
  );
}
