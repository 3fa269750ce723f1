/**
 * Template 'default' (spec §2.1): title, sub-title, thumbnail, the first 150 characters of the
 * content, widget cards three to a row and 'See more' to the section's link_url.
 */
import { useTextLang } from '../../../ui/site-text';
import { LIMITS } from '../../../../shared/limits';
import { excerpt } from '../../../ui/display';
import type { Section } from '../../api/types';
import { Container } from '../../ui';
import { WidgetGrid } from '../../widgets/WidgetGrid';
import classes from '../home.module.css';
import { SectionIntro } from './SectionIntro';

export function DefaultSection({ section }: { section: Section }) {
  const lang = useTextLang();
  const text = excerpt(section.content, LIMITS.truncate.sectionContent);
  return (
    <section className={classes.band}>
      <Container size="xl">
        <SectionIntro section={section} imageHeight={560} spaceBelow={section.widgets.length > 0 ? 'xl' : undefined}>
          {text ? (
            <p className={classes.excerpt} {...lang(section, 'content')}>
              {text}
            </p>
          ) : null}
        </SectionIntro>
        <WidgetGrid widgets={section.widgets} cols={{ base: 1, sm: 2, md: 3 }} />
      </Container>
    </section>
  );
}
