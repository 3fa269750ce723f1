/** The list screen's URL state (page, size, search, a missing language) and the list request it stands for. */
import type { EntityDef } from '../../../shared/entities';
import { LOCALE_TAG } from '../../../shared/locales';
import type { ListSearch } from '../api/entity-queries';

export interface ListSearchParams {
  page?: number;
  size?: number;
  search?: string;
  /** A language tag: only the records not yet written in it. */
  missing?: string;
}

const positiveInt = (value: unknown) => (Number.isInteger(value) && (value as number) >= 1 ? (value as number) : undefined);

/**
 * Reads page, size and search from the URL. Anything malformed falls back to the defaults instead
 * of failing. Hand-written rather than zod: route options ship in the entry bundle every visitor loads.
 */
export function parseListSearch(raw: Record<string, unknown>): ListSearchParams {
  return {
    page: positiveInt(raw.page),
    size: positiveInt(raw.size),
    search: typeof raw.search === 'string' ? raw.search : undefined,
    missing: typeof raw.missing === 'string' && LOCALE_TAG.test(raw.missing) ? raw.missing : undefined,
  };
}

/** The effective list request: a size outside the entity's options becomes its default. */
export function resolveListSearch(def: EntityDef, params: ListSearchParams): ListSearch {
  const size = params.size !== undefined && def.pageSizes.includes(params.size) ? params.size : def.defaultPageSize;
  return {
    page: params.page ?? 1,
    size,
    search: params.search?.trim() ?? '',
    ...(params.missing ? { missing: params.missing } : {}),
  };
}
