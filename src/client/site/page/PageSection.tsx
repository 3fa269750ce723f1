/** One section of a page: heading, its HTML content and its widgets as cards linking to link_url. */
import { SafeHtml } from '../../ui/SafeHtml';
import { useTextLang } from '../../ui/site-text';
import type { Section } from '../api/types';
import { WidgetGrid } from '../widgets/WidgetGrid';
import classes from './page.module.css';

export function PageSection({ section }: { section: Section }) {
  const lang = useTextLang();
  if (!section.title && !section.content && section.widgets.length === 0) return null;
  return (
    <section className={`${classes.container} ${classes.section}`}>
      {section.title ? (
        <h2 className={classes.sectionTitle} {...lang(section, 'title')}>
          {section.title}
        </h2>
      ) : null}
      {section.sub_title ? (
        <p className={classes.sectionSub} {...lang(section, 'sub_title')}>
          {section.sub_title}
        </p>
      ) : null}
      <SafeHtml html={section.content} {...lang(section, 'content')} />
      <WidgetGrid widgets={section.widgets} cols={{ base: 1, sm: 2, md: 3 }} />
    </section>
  );
}
