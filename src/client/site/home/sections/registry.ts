/**
 * Section template → how it is drawn (spec §2.1 "Home"). A new template is one component and one
 * line here; a template not listed renders nothing.
 *
 * A template is drawn from its section and, when it shows more than the section (the latest
 * posts), from the one read declared here with it. HomeScreen reads it and hands the template its
 * state as a prop, and the same state is one of the section's kept inputs (islands/KeptPart.tsx):
 * a template reads nothing itself, so what it shows and what its kept markup is keyed by cannot
 * drift apart.
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

/** A read's state as a template draws it: what it answered, or why not yet. */
export interface SectionReadState<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  refetch: () => unknown;
}

export type SectionTemplate =
  | { component: ComponentType<{ section: Section }>; read?: undefined }
  | {
      component: ComponentType<{ section: Section; read: SectionReadState<never> }>;
      read: FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>;
    };

/** A template drawn from its section and one read. */
function reading<T, K extends QueryKey>(
  component: ComponentType<{ section: Section; read: SectionReadState<T> }>,
  read: FetchQueryOptions<T, Error, T, K>,
): SectionTemplate {
  return { component, read } as unknown as SectionTemplate;
}

export const SECTION_TEMPLATES: Readonly<Record<string, SectionTemplate>> = {
  default: { component: DefaultSection },
  about_us: { component: AboutUsSection },
  _goals_obj: { component: GoalsSection },
  _microfinance: { component: MicrofinanceSection },
  _activities: { component: ActivitiesSection },
  _news: reading(NewsSection, latestPostsQuery()),
};

/** How a section's template is drawn, or null when the template is unknown or missing. */
export function sectionTemplateFor(template: string | null | undefined): SectionTemplate | null {
  const key = template?.trim();
  return key && Object.hasOwn(SECTION_TEMPLATES, key) ? SECTION_TEMPLATES[key]! : null;
}

/** The reads the sections shown need, each once: the home page's loader starts them with the sections. */
export function sectionReads(sections: readonly Section[], queryClient: QueryClient): Promise<void>[] {
  const reads = new Set(
    sections.map((section) => sectionTemplateFor(section.template)?.read).filter((read) => read !== undefined),
  );
  return [...reads].map((read) => queryClient.prefetchQuery(read));
}
