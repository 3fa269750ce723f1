/** Template 'about_us': the organisation's introduction beside its picture, widgets as highlights. */
import { Container, Grid, SimpleGrid } from '@mantine/core';
import { CmsButton } from '../../../ui/CmsLink';
import { imageAlt } from '../../../ui/display';
import { LazyImage } from '../../../ui/LazyImage';
import { SafeHtml } from '../../../ui/SafeHtml';
import type { Section } from '../../api/types';
import { WidgetCard } from '../../widgets/WidgetCard';
import classes from '../home.module.css';
import { SectionHeader } from './SectionHeader';
import { MoreText } from '../../../ui/MoreText';

export function AboutUsSection({ section }: { section: Section }) {
  return (
    <section className={classes.band}>
      <Container size="xl">
        <Grid gap={48} align="center">
          {section.thumb ? (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <LazyImage src={section.thumb} alt={imageAlt(section)} width={800} height={640} radius="var(--mantine-radius-lg)" />
            </Grid.Col>
          ) : null}
          <Grid.Col span={{ base: 12, md: section.thumb ? 7 : 12 }}>
            <SectionHeader title={section.title} subTitle={section.sub_title} />
            <SafeHtml html={section.content} />
            {section.link_url ? (
              <CmsButton href={section.link_url} mt="lg">
                <MoreText label="See more" about={section.title} />
              </CmsButton>
            ) : null}
          </Grid.Col>
        </Grid>
        {section.widgets.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(section.widgets.length, 4) }} spacing="lg" mt={48}>
            {section.widgets.map((widget) => (
              <WidgetCard key={widget.id} widget={widget} />
            ))}
          </SimpleGrid>
        ) : null}
      </Container>
    </section>
  );
}
