/**
 * Section template → component (spec §2.1 "Home"). A new template is one component and one line
 * here; a template not listed renders nothing.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { latestPostsQuery } from '../../api/queries';
import type { Section } from '../../api/types';
import { AboutUsSection } from './AboutUsSection';
import { ActivitiesSection } from './ActivitiesSection';
import { DefaultSection } from './DefaultSection';
import { GoalsSection } from './GoalsSection';
import { MicrofinanceSection } from './MicrofinanceSection';
import { NewsSection } from './NewsSection';

export type SectionComponent = ComponentType<{ section: Section }>;

export const SECTION_REGISTRY: Readonly<Record<string, SectionComponent>> = {
  default: DefaultSection,
  about_us: AboutUsSection,
  _goals_obj: GoalsSection,
  _microfinance: MicrofinanceSection,
  _activities: ActivitiesSection,
  _news: NewsSection,
};

interface SectionRead {
  queryKey: QueryKey;
  prefetch: (queryClient: QueryClient) => Promise<void>;
}

/** A read from its query's options: its key (where its state is found) and its prefetch. */
function sectionRead<T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>): SectionRead {
  return { queryKey: options.queryKey, prefetch: (queryClient) => queryClient.prefetchQuery(options) };
}

/**
 * What a template's section reads beyond itself: the home page's loader starts it with the sections,
 * and its answer is drawn into the section, so it is one of the section's kept inputs (HomeScreen).
 */
const SECTION_READS: Readonly<Record<string, SectionRead>> = {
  _news: sectionRead(latestPostsQuery()),
};

const readsOf = (sections: readonly Pick<Section, 'template'>[]) => {
  const templates = new Set(sections.map((section) => section.template?.trim() ?? ''));
  return [...templates].filter((template) => Object.hasOwn(SECTION_READS, template)).map((t) => SECTION_READS[t]!);
};

/** The reads the sections shown need, each once. */
export function sectionReads(sections: readonly Section[], queryClient: QueryClient): Promise<void>[] {
  return readsOf(sections).map((read) => read.prefetch(queryClient));
}

/**
 * What a section's own reads hold as it is drawn (each one's status, data and error): with the
 * section itself, all a template draws from.
 */
export function sectionReadStates(section: Pick<Section, 'template'>, queryClient: QueryClient): unknown[] {
  return readsOf([section]).map(({ queryKey }) => {
    const state = queryClient.getQueryState(queryKey);
    return [state?.status, state?.data, state?.error ? String(state.error) : null];
  });
}

/** The component for a section's template, or null when the template is unknown or missing. */
export function sectionComponentFor(template: string | null | undefined): SectionComponent | null {
  const key = template?.trim();
  return key && Object.hasOwn(SECTION_REGISTRY, key) ? SECTION_REGISTRY[key]! : null;
}
