/**
 * Links to addresses typed by staff (widget, section and slider link_url), in Mantine's look: see
 * link-attributes.ts. The router's typed <Link> cannot take such free-form strings.
 */
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { linkAttributes } from './link-attributes';

interface CmsLinkProps extends AnchorProps {
  href: string;
  children: ReactNode;
  onNavigate?: () => void;
  'aria-current'?: 'page';
  'aria-label'?: string;
  title?: string;
}

export function CmsLink({ href, children, onNavigate, ...props }: CmsLinkProps) {
  return (
    <Anchor {...linkAttributes(href)} onClick={onNavigate} {...props}>
      {children}
    </Anchor>
  );
}

interface CmsButtonProps extends ButtonProps {
  href: string;
  children: ReactNode;
  'aria-label'?: string;
}

export function CmsButton({ href, children, ...props }: CmsButtonProps) {
  return (
    <Button component="a" {...linkAttributes(href)} {...props}>
      {children}
    </Button>
  );
}
