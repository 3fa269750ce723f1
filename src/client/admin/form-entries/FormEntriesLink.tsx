/** Under a form's edit screen: the way to its entries (FormEntries.tsx), with how many are new. */
import { Badge, Card, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAdminText } from '../i18n';
import { entriesQuery } from './entry-queries';

export function FormEntriesLink({ recordKey }: { recordKey: string }) {
  const { t } = useAdminText();
  const formId = Number(recordKey);
  const unread = useQuery({ ...entriesQuery(formId, { size: 1, read: 'unread' }), enabled: Number.isInteger(formId) });
  return (
    <Card withBorder padding="md" component={Link} to={`/admin/entries/${recordKey}`}>
      <Group justify="space-between">
        <Text fw={600}>{t('formEntries.link')}</Text>
        {unread.data && unread.data.unread > 0 ? (
          <Badge color="indigo.8">{t('formEntries.new', { count: unread.data.unread })}</Badge>
        ) : null}
      </Group>
    </Card>
  );
}
