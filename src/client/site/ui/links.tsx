/**
 * Links to addresses typed by staff (widget, section and slider link_url, the footer's pages): an
 * address on another site opens in a new tab (link-attributes.ts). The router's typed <Link>
 * cannot take such free-form strings.
 */
import type { ReactNode } from 'react';
import { linkAttributes } from '../../ui/link-attributes';
import { type ButtonLook, ButtonLink } from './buttons';
import type { Color, Size } from './style';
import { Anchor } from './text';

export function CmsLink({ href, size, c, children }: { href: string; size?: Size; c?: Color; children: ReactNode }) {
  return (
    <Anchor {...linkAttributes(href)} size={size} c={c}>
      {children}
    </Anchor>
  );
}

export function CmsButton({ href, children, ...look }: ButtonLook & { href: string; children: ReactNode }) {
  return (
    <ButtonLink {...linkAttributes(href)} {...look}>
      {children}
    </ButtonLink>
  );
}
