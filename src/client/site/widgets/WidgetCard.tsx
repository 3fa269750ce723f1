/**
 * One widget as a card, with the display rules of spec §5: title cut at 50 with '...', content as
 * text cut at 100, 'Untitled' and 'No content available.' fallbacks, and the default image when the
 * widget has no thumbnail. The title links to the widget's link_url when it has one.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { CmsLink } from '../../ui/CmsLink';
import { DEFAULT_THUMB, widgetContent, widgetThumb, widgetTitle } from '../../ui/display';
import { LazyImage } from '../../ui/LazyImage';
import { SIZES } from '../../ui/Picture';
import type { Widget } from '../api/types';
import classes from './widgets.module.css';
import { useSiteText } from '../../ui/site-text';

interface WidgetCardProps {
  widget: Widget;
  /** Wide cards (the first microfinance widget) put the picture beside the text. */
  wide?: boolean;
  headingOrder?: 3 | 4;
}

export function WidgetCard({ widget, wide = false, headingOrder = 3 }: WidgetCardProps) {
  const t = useSiteText();
  const title = widgetTitle(widget.title, t);
  return (
    <Card withBorder radius="md" padding={0} h="100%" className={wide ? classes.wide : undefined}>
      <LazyImage
        src={widgetThumb(widget.thumb)}
        fallback={DEFAULT_THUMB}
        alt=""
        width={640}
        height={400}
        sizes={SIZES.gridColumn}
      />
      <Stack gap="xs" p={wide ? 'xl' : 'lg'} justify="center">
        <Title order={headingOrder} size={wide ? 'h3' : 'h4'} c="blue.9">
          {widget.link_url ? (
            <CmsLink href={widget.link_url} c="inherit" title={widget.title ?? undefined}>
              {title}
            </CmsLink>
          ) : (
            title
          )}
        </Title>
        <Text size={wide ? 'md' : 'sm'} c="gray.7">
          {widgetContent(widget.content, t)}
        </Text>
      </Stack>
    </Card>
  );
}
