/**
 * Query-options factories for the admin screens. Keys are hierarchical so one invalidation of
 * ['entities', resource] refreshes a resource's lists, records and selector options together.
 */
import { queryOptions } from '@tanstack/react-query';
import type { EntityDef, AnyRecord } from '../../../shared/entities';
import type { ItemEnvelope, ListEnvelope } from '../../../shared/envelope';
import { LIMITS } from '../../../shared/limits';
import { adminCall } from './admin-call';
import { apiPath } from '../../api/http';
import { adminT, type AdminMessageKey, type AdminText, shownAdminLanguage } from '../i18n';

export type Row = AnyRecord;

export interface ListSearch {
  page: number;
  size: number;
  search: string;
  /** Only the records not yet written in this language (a site in several). */
  missing?: string;
}

export const entityKeys = {
  all: (resource: string) => ['entities', resource] as const,
  list: (resource: string, search: ListSearch) => ['entities', resource, 'list', search] as const,
  trash: (resource: string, search: ListSearch) => ['entities', resource, 'trash', search] as const,
  record: (resource: string, key: string) => ['entities', resource, 'record', key] as const,
  draft: (resource: string, key: string) => ['entities', resource, 'draft', key] as const,
  options: (resource: string) => ['entities', resource, 'options'] as const,
};

export function entityListQuery(def: EntityDef, search: ListSearch) {
  return queryOptions({
    queryKey: entityKeys.list(def.resource, search),
    queryFn: ({ signal }) =>
      adminCall<ListEnvelope<Row>>(def.resource, {
        query: { page: search.page, size: search.size, search_key: search.search, missing: search.missing },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
    meta: { failureTitle: `Loading ${def.title} failed` },
  });
}

/** What the entity's Trash holds, most recently deleted first. */
export function entityTrashQuery(def: EntityDef, search: ListSearch) {
  return queryOptions({
    queryKey: entityKeys.trash(def.resource, search),
    queryFn: ({ signal }) =>
      adminCall<ListEnvelope<Row>>(`${def.resource}/trash`, {
        query: { page: search.page, size: search.size, search_key: search.search },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
    meta: { failureTitle: `Loading the ${def.title} Trash failed` },
  });
}

/** A record, or with `locale` its text in that language (its localized fields and the translation's own version). */
export function entityRecordQuery(def: EntityDef, key: string, locale?: string) {
  return queryOptions({
    queryKey: locale ? [...entityKeys.record(def.resource, key), locale] : entityKeys.record(def.resource, key),
    queryFn: ({ signal }) =>
      adminCall<ItemEnvelope<Row>>(apiPath`${def.resource}/${key}`, {
        signal,
        query: locale ? { locale } : undefined,
      }).then((r) => r.data),
    // A form must start from the stored record, not from a minute-old copy.
    staleTime: 0,
    meta: { failureTitle: `Loading the ${def.formTitle} failed` },
  });
}

/** Changes to a live record kept as its draft (pages, posts, slides). */
export interface Draft {
  data: Row;
  /** The record's version the draft is based on. */
  version: number;
  user_name: string | null;
  updated_at: string;
}

/** The record's draft, or null when it has none. */
export function entityDraftQuery(def: EntityDef, key: string) {
  return queryOptions({
    queryKey: entityKeys.draft(def.resource, key),
    queryFn: ({ signal }) =>
      adminCall<ItemEnvelope<Draft | null>>(apiPath`${def.resource}/${key}/draft`, { signal }).then((r) => r.data),
    staleTime: 0,
    meta: { failureTitle: `Loading the ${def.formTitle}'s draft failed` },
  });
}

export interface Option {
  value: string;
  label: string;
}

/** "2nd", "৪র্থ": a place in a list as the language says it (its CLDR ordinal rules). */
function ordinal(n: number, language: string, t: AdminText): string {
  const form = new Intl.PluralRules(language, { type: 'ordinal' }).select(n);
  return t(`ordinal.${form}` as AdminMessageKey, { n });
}

/**
 * A relation selector's choices: each row by its label alone. Rows that share a label are told
 * apart by their place among their namesakes, "News (2nd)", in the list's order: an id is the
 * database's, not a word staff know the record by.
 */
export function relationChoices(rows: readonly Row[], labelField: string, t: AdminText, language: string): Option[] {
  const labelOf = (row: Row) => String(row[labelField] ?? '').trim() || t('relation.untitled');
  const named = new Map<string, number>();
  for (const row of rows) named.set(labelOf(row), (named.get(labelOf(row)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rows.map((row): Option => {
    const label = labelOf(row);
    const place = (seen.get(label) ?? 0) + 1;
    seen.set(label, place);
    return {
      value: String(row.id),
      label: named.get(label)! > 1 ? t('relation.nth', { label, nth: ordinal(place, language, t) }) : label,
    };
  });
}

/** Choices of a relation selector: every row of `resource`, labelled by `labelField` in the language shown. */
export function relationOptionsQuery(resource: string, labelField: string) {
  const language = shownAdminLanguage();
  return queryOptions({
    queryKey: [...entityKeys.options(resource), labelField, language],
    queryFn: ({ signal }) =>
      adminCall<ListEnvelope<Row>>(resource, { query: { page: 1, size: LIMITS.selectorSize }, signal }).then((r) =>
        relationChoices(r.data.data, labelField, adminT, language),
      ),
    meta: { failureTitle: `Loading the ${resource} choices failed` },
  });
}
