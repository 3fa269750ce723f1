/**
 * One widget as a card, with the display rules of spec §5: title cut at 50 with '...', content as
 * text cut at 100, 'Untitled' and 'No content available.' fallbacks, and the default image when the
 * widget has no thumbnail. The title links to the widget's link_url when it has one.
 * Plain elements with the classes of widgets.module.css (why: see there).
 */
import { DEFAULT_THUMB, widgetContent, widgetThumb, widgetTitle } from '../../ui/display';
import { LazyImage } from '../../ui/LazyImage';
import { linkAttributes } from '../../ui/link-attributes';
import { SIZES } from '../../ui/Picture';
import type { Widget } from '../api/types';
import classes from './widgets.module.css';
import { useSiteText, useTextLang } from '../../ui/site-text';

interface WidgetCardProps {
  widget: Widget;
  /** Wide cards (the first microfinance widget) put the picture beside the text. */
  wide?: boolean;
}

export function WidgetCard({ widget, wide = false }: WidgetCardProps) {
  const t = useSiteText();
  const lang = useTextLang();
  const title = widgetTitle(widget.title, t);
  return (
    <div className={wide ? `${classes.card} ${classes.wide}` : classes.card}>
      <LazyImage
        src={widgetThumb(widget.thumb)}
        fallback={DEFAULT_THUMB}
        alt=""
        width={640}
        height={400}
        sizes={SIZES.gridColumn}
      />
      <div className={classes.body}>
        <h3 className={classes.title} {...(widget.title ? lang(widget, 'title') : {})}>
          {widget.link_url ? (
            <a
              {...linkAttributes(widget.link_url)}
              className={`mantine-focus-auto ${classes.link}`}
              title={widget.title ?? undefined}
            >
              {title}
            </a>
          ) : (
            title
          )}
        </h3>
        <p className={classes.text} {...(widget.content ? lang(widget, 'content') : {})}>
          {widgetContent(widget.content, t)}
        </p>
      </div>
    </div>
  );
}
