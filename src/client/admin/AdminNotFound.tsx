import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAdminText } from './i18n';

export function AdminNotFound() {
  const { t } = useAdminText();
  return (
    <Stack align="center" gap="md" py={80}>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Anchor component={Link} to="/admin/dashboard">
        {t('notFound.back')}
      </Anchor>
    </Stack>
  );
}
