/**
 * The one place stored HTML (page and post content, YouTube embeds, the map) reaches the DOM.
 * Everything passes through sanitizeHtml first: no script, no event handlers, no foreign frames.
 */
import { Typography, type TypographyProps } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize';

interface SafeHtmlProps extends Omit<TypographyProps, 'children' | 'dangerouslySetInnerHTML'> {
  html: string | null | undefined;
}

export function SafeHtml({ html, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!clean) return null;
  return <Typography {...props} dangerouslySetInnerHTML={{ __html: clean }} />;
}
