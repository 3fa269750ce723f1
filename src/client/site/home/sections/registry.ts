/**
 * Section template → component (spec §2.1 "Home"). A new template is one component and one line
 * here; a template not listed renders nothing.
 */
import type { ComponentType } from 'react';
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

/** The component for a section's template, or null when the template is unknown or missing. */
export function sectionComponentFor(template: string | null | undefined): SectionComponent | null {
  const key = template?.trim();
  return key && Object.hasOwn(SECTION_REGISTRY, key) ? SECTION_REGISTRY[key]! : null;
}
