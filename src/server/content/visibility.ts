/**
 * What visitors see: rows with status 1 whose publish time (the definition's `publishedFrom`
 * field) is empty or has come and, for an entity under review, that have passed it (an empty
 * `review_stage`, content/review.ts). Every public path (reads, pages, feeds, the sitemap, search,
 * the offline index) asks here, so none can show a record still in review. The check is made at read time, so nothing has to run when a
 * scheduled post goes out; kept answers expire at the next publish time instead (cache/public-answers.ts, expireAtNextPublish).
 */
import { dateTimeOf } from '../../shared/date-time';
import type { EntityDef } from '../../shared/entities';
import type { ListParams, Row, Select } from './repository';

/**
 * The list parameters of a public read: active rows, published by now, with any further equalities
 * (`where`) and condition (`refine`).
 */
export function forVisitors(
  def: EntityDef,
  where: Row = {},
  refine: (qb: Select) => Select = (qb) => qb,
): Pick<ListParams, 'where' | 'refine'> {
  const field = def.publishedFrom;
  const reviewed = (qb: Select) => (def.review ? refine(qb.where('review_stage', 'is', null)) : refine(qb));
  return {
    where: { status: 1, ...where },
    refine: field
      ? (qb: Select) => reviewed(qb.where((eb) => eb.or([eb(field, 'is', null), eb(field, '<=', dateTimeOf(Date.now()))])))
      : reviewed,
  };
}
