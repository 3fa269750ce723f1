import { Button, Group, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAdminText } from './i18n';

/** A record screen's heading with the Back button to its list (spec §2.2 "Shared form layout"). */
export function ScreenHeader({ title, listPath }: { title: string; listPath: string }) {
  const { t } = useAdminText();
  return (
    <Group justify="space-between">
      <Title order={1}>{title}</Title>
      <Button component={Link} to={`/admin/${listPath}`} variant="default">
        {t('form.back')}
      </Button>
    </Group>
  );
}
