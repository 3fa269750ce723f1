import { Card, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ENTITIES } from '../../../shared/entities';
import { LIMITS } from '../../../shared/limits';
import { type AppReport, appReportQuery, currentAppQuery } from '../api/admin-queries';
import { QueryState } from '../QueryState';

const INFO_FIELDS = [
  ['app_key', 'App Key'],
  ['name', 'Name'],
  ['title', 'Title'],
  ['description', 'Description'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['web_url', 'Web URL'],
  ['copyright', 'Copyright'],
] as const;

const COUNTS: readonly { key: keyof AppReport; label: string; path: string }[] = [
  { key: 'total_page', label: 'Pages', path: ENTITIES.pages.adminPath },
  { key: 'total_section', label: 'Sections', path: ENTITIES.sections.adminPath },
  { key: 'total_widget', label: 'Widgets', path: ENTITIES.widgets.adminPath },
  { key: 'total_post_category', label: 'Categories', path: ENTITIES['post-categories'].adminPath },
  { key: 'total_post', label: 'Posts', path: ENTITIES.posts.adminPath },
];

export function Dashboard() {
  const app = useQuery(currentAppQuery);
  const report = useQuery(appReportQuery);
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <section aria-labelledby="report-heading">
        <Title order={2} size="h4" id="report-heading" mb="sm">
          Content
        </Title>
        <QueryState query={report} label="the report counts">
          {(counts) => (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
              {COUNTS.map((c) => (
                <Card key={c.key} withBorder component={Link} to={`/admin/${c.path}`} padding="md">
                  <Text size="sm" c="dimmed">
                    {c.label}
                  </Text>
                  <Text fz={28} fw={700}>
                    {counts[c.key]}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="app-heading">
        <Title order={2} size="h4" id="app-heading" mb="sm">
          Site information
        </Title>
        <QueryState query={app} label="the site information">
          {(info) => (
            <Card withBorder padding="md">
              {typeof info.logo_header === 'string' && info.logo_header && (
                <Image
                  src={info.logo_header}
                  alt={`${String(info.name ?? '')} header logo`}
                  mah={LIMITS.imagePreviewMaxHeightPx}
                  w="auto"
                  fit="contain"
                  mb="md"
                />
              )}
              <Table withRowBorders>
                <Table.Tbody>
                  {INFO_FIELDS.map(([field, label]) => (
                    <Table.Tr key={field}>
                      <Table.Th w={160} scope="row">
                        {label}
                      </Table.Th>
                      <Table.Td>{String(info[field] ?? '') || '--'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          )}
        </QueryState>
      </section>
    </Stack>
  );
}
