/**
 * Home (spec §2.1): the slider, then each top section drawn by its template. The summary claims
 * (22 years of service …) are content, so they come from the sections staff write, not from code.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { KeptPart } from '../../islands/KeptPart';
import { useSiteLocale } from '../../ui/site-locale';
import { siteInfoQuery, topSectionsQuery } from '../api/queries';
import type { Section } from '../api/types';
import { VisuallyHidden } from '../ui';
import { HeroSlider } from './HeroSlider';
import { type SectionTemplate, sectionTemplateFor } from './sections/registry';

export function HomeScreen() {
  const { data: site } = useSuspenseQuery(siteInfoQuery());
  const { data: sections } = useSuspenseQuery(topSectionsQuery());
  return (
    <>
      <VisuallyHidden>
        <h1>{site.title ?? site.name}</h1>
      </VisuallyHidden>
      <HeroSlider />
      {sections.map((section) => {
        const template = sectionTemplateFor(section.template);
        if (!template) return null;
        return template.read ? (
          <ReadingSection key={section.id} section={section} template={template} />
        ) : (
          <KeptSection key={section.id} section={section} read={null}>
            <template.component section={section} />
          </KeptSection>
        );
      })}
    </>
  );
}

/** A section whose template shows one read besides the section: read here, handed to it as a prop. */
function ReadingSection({ section, template }: { section: Section; template: Extract<SectionTemplate, { read: object }> }) {
  const { data, error, isPending, refetch } = useQuery(template.read);
  return (
    <KeptSection section={section} read={[isPending, data, error ? String(error) : null]}>
      <template.component section={section} read={{ data: data as never, error, isPending, refetch }} />
    </KeptSection>
  );
}

/**
 * Drawn from the section, its read's state and the language alone: a page made again after a
 * write to something else (a slide) reuses its markup (islands/KeptPart.tsx).
 */
function KeptSection({ section, read, children }: { section: Section; read: unknown; children: ReactNode }) {
  const language = useSiteLocale();
  return (
    <KeptPart name="home-section" inputs={[language, section, read]}>
      {children}
    </KeptPart>
  );
}
