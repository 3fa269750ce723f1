/**
 * ?preview= on a public page: the token of a signed preview link, which shows a draft (or a page,
 * post or slide not public yet) to whoever holds it. Hand-written, not zod: route search
 * validators ship in the entry bundle every visitor downloads.
 */
export interface PreviewSearch {
  preview?: string;
}

export function previewSearch(search: Record<string, unknown>): PreviewSearch {
  const { preview } = search;
  return typeof preview === 'string' && preview.length > 0 && preview.length <= 300 ? { preview } : {};
}
