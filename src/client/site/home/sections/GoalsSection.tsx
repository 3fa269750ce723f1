/** Template '_goals_obj': goals and objectives as a numbered two-column list on a tinted band. */
import { Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CmsLink } from '../../../ui/CmsLink';
import { widgetContent, widgetTitle } from '../../../ui/display';
import type { Section } from '../../api/types';
import classes from '../home.module.css';
import { SectionHeader } from './SectionHeader';

export function GoalsSection({ section }: { section: Section }) {
  return (
    <section className={`${classes.band} ${classes.bandAlt}`}>
      <Container size="xl">
        <SectionHeader title={section.title} subTitle={section.sub_title} center />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {section.widgets.map((widget, index) => (
            <Group key={widget.id} component="li" align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={44} radius="xl" color="blue.8" aria-hidden="true">
                <Text fw={800}>{index + 1}</Text>
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={3} size="h4" c="blue.9">
                  {widget.link_url ? <CmsLink href={widget.link_url} c="inherit">{widgetTitle(widget.title)}</CmsLink> : widgetTitle(widget.title)}
                </Title>
                <Text size="sm" c="gray.7">
                  {widgetContent(widget.content)}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
