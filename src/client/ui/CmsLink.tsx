/**
 * Links to addresses typed by staff (menu slugs, widget, section and slider link_url). Site paths
 * navigate inside the SPA without a reload; other addresses are ordinary links, external ones open
 * in a new tab. The router's typed <Link> cannot take such free-form strings.
 */
import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';

export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

function useCmsLinkProps(href: string, onNavigate?: () => void) {
  const router = useRouter();
  const internal = isInternalHref(href);
  const external = !internal && /^(https?:)?\/\//i.test(href);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    // New-tab and download gestures stay with the browser.
    if (
      !internal ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return { href, onClick, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) };
}

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
    <Anchor {...useCmsLinkProps(href, onNavigate)} {...props}>
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
    <Button component="a" {...useCmsLinkProps(href)} {...props}>
      {children}
    </Button>
  );
}
