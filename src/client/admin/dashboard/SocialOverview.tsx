import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ENTITIES } from '../../../shared/entities';
import { LIMITS } from '../../../shared/limits';
import { entityListQuery } from '../api/entity-queries';
import { StatusBadge } from '../list/StatusBadge';
import { QueryState } from '../QueryState';
import { useAdminText } from '../i18n';

const socials = ENTITIES.socials;
export const SOCIAL_OVERVIEW_SEARCH = { page: 1, size: LIMITS.selectorSize, search: '' };

/** /admin/dashboard/social: the site's social links at a glance, with a way to manage them. */
export function SocialOverview() {
  const { t, term } = useAdminText();
  const list = useQuery(entityListQuery(socials, SOCIAL_OVERVIEW_SEARCH));
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{term('Social Overview')}</Title>
        <Button component={Link} to={`/admin/${socials.adminPath}`} variant="light">
          {t('social.manage')}
        </Button>
      </Group>
      <QueryState query={list} label={term('Socials')}>
        {(page) =>
          page.data.length === 0 ? (
            <Text>{t('list.empty')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {page.data.map((row) => (
                <Card key={String(row.id)} withBorder padding="md">
                  <Group justify="space-between" mb="xs">
                    <Text fw={600}>{String(row.name ?? '')}</Text>
                    <StatusBadge value={row.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {term('Icon')}: {String(row.icon ?? '') || '--'}
                  </Text>
                  {typeof row.link_url === 'string' && row.link_url ? (
                    <Anchor href={row.link_url} target="_blank" rel="noopener noreferrer" size="sm">
                      {row.link_url}
                    </Anchor>
                  ) : (
                    <Badge color="gray" variant="light">
                      {t('social.noLink')}
                    </Badge>
                  )}
                </Card>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </Stack>
  );
}
