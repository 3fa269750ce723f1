/**
 * Section template → component (spec §2.1 "Home"). A new template is one component and one line
 * here; a template not listed renders nothing.
 */
import type { QueryClient } from '@tanstack/react-query';
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

/** What a template's section reads beyond itself: the home page's loader starts it with the sections. */
const SECTION_READS: Readonly<Record<string, (queryClient: QueryClient) => Promise<void>>> = {
  _news: (queryClient) => queryClient.prefetchQuery(latestPostsQuery()),
};

/** The reads the sections shown need, each once. */
export function sectionReads(sections: readonly Section[], queryClient: QueryClient): Promise<void>[] {
  const templates = new Set(sections.map((section) => section.template?.trim() ?? ''));
  return [...templates].filter((template) => Object.hasOwn(SECTION_READS, template)).map((t) => SECTION_READS[t]!(queryClient));
}

/** The component for a section's template, or null when the template is unknown or missing. */
export function sectionComponentFor(template: string | null | undefined): SectionComponent | null {
  const key = template?.trim();
  return key && Object.hasOwn(SECTION_REGISTRY, key) ? SECTION_REGISTRY[key]! : null;
}
