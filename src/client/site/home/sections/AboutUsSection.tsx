/** Template 'about_us': the organisation's introduction beside its picture, widgets as highlights. */
import { PlainContainer } from '../../../ui/plain';
import { SafeHtml } from '../../../ui/SafeHtml';
import type { Section } from '../../api/types';
import { WidgetGrid } from '../../widgets/WidgetGrid';
import classes from '../home.module.css';
import { SectionIntro } from './SectionIntro';

export function AboutUsSection({ section }: { section: Section }) {
  return (
    <section className={classes.band}>
      <PlainContainer size="xl">
        <SectionIntro section={section} imageHeight={640} imageFirst moreVariant="filled">
          <SafeHtml html={section.content} />
        </SectionIntro>
        <WidgetGrid
          widgets={section.widgets}
          cols={{ base: 1, sm: 2, md: Math.min(section.widgets.length, 4) }}
          className={classes.highlights}
        />
      </PlainContainer>
    </section>
  );
}
