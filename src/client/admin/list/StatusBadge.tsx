import { Badge, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import { timeOfDateTime } from '../../../shared/date-time';

/**
 * Status is a plain number: 1 is Active, anything else Inactive (spec §4). An active row whose
 * publish time is still ahead is Scheduled, with the time (in the browser's zone) on hover.
 */
export function StatusBadge({ value, publishAt }: { value: unknown; publishAt?: unknown }) {
  const active = Number(value) === 1;
  const at = typeof publishAt === 'string' && publishAt ? timeOfDateTime(publishAt) : NaN;
  if (active && at > Date.now()) {
    const when = dayjs(at).format('YYYY-MM-DD HH:mm');
    return (
      <Tooltip label={`Goes public on ${when}`}>
        <Badge color="var(--admin-scheduled)" variant="outline" aria-label={`Scheduled for ${when}`}>
          Scheduled
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Badge color={active ? 'var(--admin-active)' : 'var(--admin-muted)'} variant="outline">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
