/**
 * Template '_goals_obj': the section's text and picture, then the goals and objectives (its
 * widgets) as a numbered two-column list, on a tinted band.
 */
import { Container, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CmsButton, CmsLink } from '../../../ui/CmsLink';
import { imageAlt, widgetContent, widgetTitle } from '../../../ui/display';
import { LazyImage } from '../../../ui/LazyImage';
import { SafeHtml } from '../../../ui/SafeHtml';
import type { Section } from '../../api/types';
import classes from '../home.module.css';
import { SectionHeader } from './SectionHeader';
import { MoreText } from '../../../ui/MoreText';

export function GoalsSection({ section }: { section: Section }) {
  return (
    <section className={`${classes.band} ${classes.bandAlt}`}>
      <Container size="xl">
        <Grid gap={48} align="center" mb={section.widgets.length > 0 ? 48 : 0}>
          <Grid.Col span={{ base: 12, md: section.thumb ? 7 : 12 }}>
            <SectionHeader title={section.title} subTitle={section.sub_title} />
            <SafeHtml html={section.content} />
            {section.link_url ? (
              <CmsButton href={section.link_url} variant="outline" mt="lg">
                <MoreText label="See more" about={section.title} />
              </CmsButton>
            ) : null}
          </Grid.Col>
          {section.thumb ? (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <LazyImage src={section.thumb} alt={imageAlt(section)} width={800} height={600} radius="var(--mantine-radius-lg)" />
            </Grid.Col>
          ) : null}
        </Grid>
        {section.widgets.length > 0 ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {section.widgets.map((widget, index) => (
              <Group key={widget.id} component="li" align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="xl" color="blue.8" aria-hidden="true">
                  <Text fw={800}>{index + 1}</Text>
                </ThemeIcon>
                <Stack gap={4}>
                  <Title order={3} size="h4" c="blue.9">
                    {widget.link_url ? (
                      <CmsLink href={widget.link_url} c="inherit">
                        {widgetTitle(widget.title)}
                      </CmsLink>
                    ) : (
                      widgetTitle(widget.title)
                    )}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {widgetContent(widget.content)}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        ) : null}
      </Container>
    </section>
  );
}
