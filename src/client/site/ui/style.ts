/** The kit's few style values, written as Mantine writes them so the theme's variables decide them. */
import type { CSSProperties } from 'react';

export type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** A step of the theme's spacing, or pixels (as rem at Mantine's scale, as Mantine converts them). */
export type Spacing = Size | number;

export const space = (value: Spacing) =>
  typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${value})`;

/** The theme colours the public pages name, as Mantine's `c` prop spells them. */
export type Color = 'blue.8' | 'blue.9' | 'gray.3' | 'gray.7' | 'gray.8' | 'white';

export const color = (value: Color) => `var(--mantine-color-${value.replace('.', '-')})`;

/** Room above and below, in the theme's spacing. */
export interface Margins {
  mt?: Spacing;
  mb?: Spacing;
}

/** The inline style of a piece: its own values, its margins, then what the page passes. */
export function styleOf(own: Record<string, string | number | undefined>, { mt, mb }: Margins, style?: CSSProperties) {
  const merged: Record<string, string | number | undefined> = { ...own };
  if (mt !== undefined) merged.marginTop = space(mt);
  if (mb !== undefined) merged.marginBottom = space(mb);
  const defined = Object.entries({ ...merged, ...style }).filter(([, value]) => value !== undefined);
  return defined.length > 0 ? (Object.fromEntries(defined) as CSSProperties) : undefined;
}

export const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');
