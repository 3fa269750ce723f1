/**
 * Template '_goals_obj': the section's text and picture, then the goals and objectives (its
 * widgets) as a numbered two-column list, on a tinted band.
 */
import { widgetContent, widgetTitle } from '../../../ui/display';
import { linkAttributes } from '../../../ui/link-attributes';
import { SafeHtml } from '../../../ui/SafeHtml';
import type { Section } from '../../api/types';
import { Container } from '../../ui';
import card from '../../widgets/widgets.module.css';
import classes from '../home.module.css';
import { SectionIntro } from './SectionIntro';
import { useSiteText, useTextLang } from '../../../ui/site-text';

export function GoalsSection({ section }: { section: Section }) {
  const t = useSiteText();
  const lang = useTextLang();
  return (
    <section className={`${classes.band} ${classes.bandAlt}`}>
      <Container size="xl">
        <SectionIntro section={section} imageHeight={600} spaceBelow={section.widgets.length > 0 ? 'gap' : undefined}>
          <SafeHtml html={section.content} {...lang(section, 'content')} />
        </SectionIntro>
        {section.widgets.length > 0 ? (
          <ol className={classes.goals}>
            {section.widgets.map((widget, index) => (
              <li key={widget.id} className={classes.goal}>
                <div className={classes.goalNumber} aria-hidden="true">
                  {index + 1}
                </div>
                <div className={classes.goalText}>
                  <h3 className={card.title} {...(widget.title ? lang(widget, 'title') : {})}>
                    {widget.link_url ? (
                      <a {...linkAttributes(widget.link_url)} className={`mantine-focus-auto ${card.link} ${card.asBodyText}`}>
                        {widgetTitle(widget.title, t)}
                      </a>
                    ) : (
                      widgetTitle(widget.title, t)
                    )}
                  </h3>
                  <p className={card.text} {...(widget.content ? lang(widget, 'content') : {})}>
                    {widgetContent(widget.content, t)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
      </Container>
    </section>
  );
}
