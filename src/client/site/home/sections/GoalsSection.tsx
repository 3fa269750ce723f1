/**
 * Template '_goals_obj': the section's text and picture, then the goals and objectives (its
 * widgets) as a numbered two-column list, on a tinted band.
 */
import { Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CmsLink } from '../../../ui/CmsLink';
import { widgetContent, widgetTitle } from '../../../ui/display';
import { SafeHtml } from '../../../ui/SafeHtml';
import type { Section } from '../../api/types';
import classes from '../home.module.css';
import { SectionIntro } from './SectionIntro';
import { useSiteText } from '../../../ui/site-text';

export function GoalsSection({ section }: { section: Section }) {
  const t = useSiteText();
  return (
    <section className={`${classes.band} ${classes.bandAlt}`}>
      <Container size="xl">
        <SectionIntro section={section} imageHeight={600} spaceBelow={section.widgets.length > 0 ? 48 : 0}>
          <SafeHtml html={section.content} />
        </SectionIntro>
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
                        {widgetTitle(widget.title, t)}
                      </CmsLink>
                    ) : (
                      widgetTitle(widget.title, t)
                    )}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {widgetContent(widget.content, t)}
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
