/** Template 'about_us': the organisation's introduction beside its picture, widgets as highlights. */
import { useTextLang } from '../../../ui/site-text';
import { SafeHtml } from '../../../ui/SafeHtml';
import type { Section } from '../../api/types';
import { Container } from '../../ui';
import { WidgetGrid } from '../../widgets/WidgetGrid';
import classes from '../home.module.css';
import { SectionIntro } from './SectionIntro';

export function AboutUsSection({ section }: { section: Section }) {
  const lang = useTextLang();
  return (
    <section className={classes.band}>
      <Container size="xl">
        <SectionIntro section={section} imageHeight={640} imageFirst moreVariant="filled">
          <SafeHtml html={section.content} {...lang(section, 'content')} />
        </SectionIntro>
        <WidgetGrid
          widgets={section.widgets}
          cols={{ base: 1, sm: 2, md: Math.min(section.widgets.length, 4) }}
          className={classes.highlights}
        />
      </Container>
    </section>
  );
}
