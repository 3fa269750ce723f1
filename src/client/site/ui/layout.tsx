/** Boxes that lay out what they hold: a centred column, stacks, rows, grids. */
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { cx, type Margins, space, type Spacing, styleOf } from './style';
import ui from './ui.module.css';

type BoxProps = Omit<HTMLAttributes<HTMLElement>, 'children'> & { children?: ReactNode };

/** Content centred at the theme's width for `size`, with the page's side padding. */
export function Container({
  size = 'md',
  component: Component = 'div',
  py,
  className,
  style,
  ...props
}: BoxProps & { size?: 'sm' | 'md' | 'xl'; component?: 'div' | 'section' | 'article'; py?: Spacing }) {
  return (
    <Component
      {...props}
      className={cx(ui.container, className)}
      data-size={size}
      style={styleOf({ paddingBlock: py === undefined ? undefined : space(py) }, {}, style)}
    />
  );
}

/** Children one below the other, `gap` apart. */
export function Stack({
  gap,
  align,
  component: Component = 'div',
  className,
  style,
  ...props
}: BoxProps & { gap?: Spacing; align?: 'center' | 'stretch'; component?: 'div' | 'li' | 'address' }) {
  return (
    <Component
      {...props}
      className={cx(ui.stack, className)}
      style={styleOf({ '--stack-gap': gap === undefined ? undefined : space(gap), '--stack-align': align }, {}, style)}
    />
  );
}

/** Children side by side, `gap` apart, wrapping unless told not to. */
export function Group({
  gap,
  justify,
  align,
  wrap,
  component: Component = 'div',
  className,
  style,
  mt,
  mb,
  ...props
}: BoxProps &
  Margins & {
    gap?: Spacing;
    justify?: 'space-between';
    align?: 'flex-start';
    wrap?: 'nowrap';
    component?: 'div' | 'span' | 'ul' | 'nav';
  }) {
  const own = {
    '--group-gap': gap === undefined ? undefined : space(gap),
    '--group-justify': justify,
    '--group-align': align,
    '--group-wrap': wrap,
  };
  return <Component {...props} className={cx(ui.group, className)} style={styleOf(own, { mt, mb }, style)} />;
}

/** Columns at each width: below 36 em, from 36 em (xs), 48 em (sm) and 62 em (md), Mantine's breakpoints. */
export interface Columns {
  base: number;
  xs?: number;
  sm?: number;
  md?: number;
}

/** Equal columns, as many as `cols` says for the width, `spacing` apart. */
export function SimpleGrid({
  cols,
  spacing,
  component: Component = 'div',
  className,
  style,
  ...props
}: BoxProps & { cols: Columns; spacing?: Spacing; component?: 'div' | 'ul' }) {
  const own = {
    '--cols-base': cols.base,
    '--cols-xs': cols.xs,
    '--cols-sm': cols.sm,
    '--cols-md': cols.md,
    '--grid-gap': spacing === undefined ? undefined : space(spacing),
  };
  return <Component {...props} className={cx(ui.simpleGrid, className)} style={styleOf(own, {}, style)} />;
}

/** A row of twelve columns, `gap` apart, that its GridCols share out. */
export function Grid({ gap, children }: { gap: Spacing; children: ReactNode }) {
  return (
    <div className={ui.grid} style={{ '--grid-gap': space(gap) } as CSSProperties}>
      {children}
    </div>
  );
}

/** `span` of the twelve columns, below 62 em and from there (md). */
export function GridCol({ span, children }: { span: { base: number; md?: number }; children: ReactNode }) {
  return (
    <div className={ui.gridCol} style={styleOf({ '--col-base': span.base, '--col-md': span.md }, {})}>
      {children}
    </div>
  );
}

/** Its content centred both ways. */
export function Center({ mt, mb, children }: Margins & { children: ReactNode }) {
  return (
    <div className={ui.center} style={styleOf({}, { mt, mb })}>
      {children}
    </div>
  );
}

/** Read by screen readers and search engines, not shown; `lang` where its text is in another language than the page's. */
export function VisuallyHidden({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <span className={ui.visuallyHidden} lang={lang}>
      {children}
    </span>
  );
}

/** A plain box shown only from a width on (the header's full menu), or only below it (the burger). */
export function Box({
  visibleFrom,
  hiddenFrom,
  component: Component = 'div',
  ...props
}: BoxProps & { visibleFrom?: 'md'; hiddenFrom?: 'md'; component?: 'div' | 'nav' }) {
  return (
    <Component
      {...props}
      className={cx(visibleFrom === 'md' && ui.visibleFromMd, hiddenFrom === 'md' && ui.hiddenFromMd, props.className)}
    />
  );
}
