import { Badge } from '@mantine/core';

/** Status is a plain number: 1 is Active, anything else Inactive (spec §4). */
export function StatusBadge({ value }: { value: unknown }) {
  const active = Number(value) === 1;
  return (
    <Badge color={active ? 'teal.9' : 'gray.7'} variant="outline">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
