/**
 * Template 'default' (spec §2.1): title, sub-title, thumbnail, the first 150 characters of the
 * content, widget cards three to a row and 'See more' to the section's link_url.
 */
import { Container, Grid, SimpleGrid, Text } from '@mantine/core';
import { LIMITS } from '../../../../shared/limits';
import { CmsButton } from '../../../ui/CmsLink';
import { excerpt, imageAlt } from '../../../ui/display';
import { LazyImage } from '../../../ui/LazyImage';
import type { Section } from '../../api/types';
import { WidgetCard } from '../../widgets/WidgetCard';
import classes from '../home.module.css';
import { SectionHeader } from './SectionHeader';
import { MoreText } from '../../../ui/MoreText';

export function DefaultSection({ section }: { section: Section }) {
  const text = excerpt(section.content, LIMITS.truncate.sectionContent);
  return (
    <section className={classes.band}>
      <Container size="xl">
        <Grid gap="xl" align="center" mb={section.widgets.length > 0 ? 'xl' : 0}>
          <Grid.Col span={{ base: 12, md: section.thumb ? 7 : 12 }}>
            <SectionHeader title={section.title} subTitle={section.sub_title} />
            {text ? <Text size="md">{text}</Text> : null}
            {section.link_url ? (
              <CmsButton href={section.link_url} variant="outline" mt="lg">
                <MoreText label="See more" about={section.title} />
              </CmsButton>
            ) : null}
          </Grid.Col>
          {section.thumb ? (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <LazyImage src={section.thumb} alt={imageAlt(section)} width={800} height={560} radius="var(--mantine-radius-md)" />
            </Grid.Col>
          ) : null}
        </Grid>
        {section.widgets.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {section.widgets.map((widget) => (
              <WidgetCard key={widget.id} widget={widget} />
            ))}
          </SimpleGrid>
        ) : null}
      </Container>
    </section>
  );
}
