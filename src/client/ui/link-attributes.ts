/**
 * The attributes of a link to an address typed by staff: a site path is an ordinary link (opened
 * in place by the islands navigator or the router, islands/links.ts), an address on another site
 * opens in a new tab. Without Mantine, so that the menus (islands) can use it.
 */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function linkAttributes(href: string) {
  const external = !isInternalHref(href) && /^(https?:)?\/\//i.test(href);
  return { href, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) };
}
