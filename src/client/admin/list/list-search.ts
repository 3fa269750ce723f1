/** The list screen's URL state (page, size, search) and the list request it stands for. */
import type { EntityDef } from '../../../shared/entities';
import type { ListSearch } from '../api/entity-queries';

export interface ListSearchParams {
  page?: number;
  size?: number;
  search?: string;
}

/** The effective list request: a size outside the entity's options becomes its default. */
export function resolveListSearch(def: EntityDef, params: ListSearchParams): ListSearch {
  const size = params.size !== undefined && def.pageSizes.includes(params.size) ? params.size : def.defaultPageSize;
  return { page: params.page ?? 1, size, search: params.search?.trim() ?? '' };
}
