/** Text, headings and links in the theme's type scale. */
import type { AnchorHTMLAttributes, HTMLAttributes, ReactNode } from 'react';
import { type Color, color, cx, type Margins, type Size, styleOf } from './style';
import ui from './ui.module.css';

interface TypeProps extends Margins {
  size?: Size;
  /** Font weight, as the theme's headings and emphasis use it. */
  fw?: 600 | 700 | 800;
  c?: Color;
}

const typeStyle = ({ fw, c, mt, mb }: TypeProps, extra: Record<string, string | undefined> = {}) =>
  styleOf({ ...extra, fontWeight: fw, color: c && color(c) }, { mt, mb });

/** A paragraph (or the element `component` names) in the theme's text size `size`. */
export function Text({
  size,
  fw,
  c,
  tt,
  truncate,
  visibleFrom,
  mt,
  mb,
  component: Component = 'p',
  className,
  style,
  ...props
}: TypeProps &
  Omit<HTMLAttributes<HTMLElement>, 'color'> & {
    tt?: 'uppercase';
    /** One line, cut with an ellipsis. */
    truncate?: boolean;
    visibleFrom?: 'sm';
    component?: 'p' | 'span' | 'figcaption' | 'time';
    dateTime?: string;
  }) {
  return (
    <Component
      {...props}
      className={cx(ui.text, visibleFrom === 'sm' && ui.visibleFromSm, className)}
      data-size={size}
      data-truncate={truncate || undefined}
      style={{ ...typeStyle({ fw, c, mt, mb }, { textTransform: tt }), ...style }}
    />
  );
}

/** A heading: `order` is its level, `size` the level it looks like when that differs. */
export function Title({
  order,
  size,
  c,
  mt,
  mb,
  id,
  children,
}: Omit<TypeProps, 'size' | 'fw'> & { order: 1 | 2 | 3; size?: 'h4' | 'h5'; id?: string; children: ReactNode }) {
  const Heading = `h${order}` as const;
  return (
    <Heading id={id} className={ui.title} data-size={size ?? Heading} style={typeStyle({ c, mt, mb })}>
      {children}
    </Heading>
  );
}

/** A link's look, for a link element the kit does not make (the router's <Link>). */
export const anchorLook = ({ size, fw, c, mt, mb }: TypeProps = {}) => ({
  className: cx(ui.text, ui.anchor, ui.focusRing),
  'data-size': size,
  style: typeStyle({ fw, c, mt, mb }),
});

/** A link in the theme's link colour, underlined on hover. */
export function Anchor({
  size,
  fw,
  c,
  mt,
  mb,
  children,
  ...props
}: TypeProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color'> & { children: ReactNode }) {
  return (
    <a {...props} {...anchorLook({ size, fw, c, mt, mb })}>
      {children}
    </a>
  );
}
