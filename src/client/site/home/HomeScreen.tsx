/**
 * Home (spec §2.1): the slider, then each top section drawn by its template. The summary claims
 * (22 years of service …) are content, so they come from the sections staff write, not from code.
 */
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { KeptPart } from '../../islands/KeptPart';
import { useSiteLocale } from '../../ui/site-locale';
import { siteInfoQuery, topSectionsQuery } from '../api/queries';
import { VisuallyHidden } from '../ui';
import { HeroSlider } from './HeroSlider';
import { sectionComponentFor, sectionReadStates } from './sections/registry';

export function HomeScreen() {
  const { data: site } = useSuspenseQuery(siteInfoQuery());
  const { data: sections } = useSuspenseQuery(topSectionsQuery());
  const queryClient = useQueryClient();
  const language = useSiteLocale();
  return (
    <>
      <VisuallyHidden>
        <h1>{site.title ?? site.name}</h1>
      </VisuallyHidden>
      <HeroSlider />
      {sections.map((section) => {
        const Template = sectionComponentFor(section.template);
        // Drawn from the section, what it reads and the language alone: a page made again after a
        // write to something else (a slide) reuses its markup (islands/KeptPart.tsx).
        return Template ? (
          <KeptPart key={section.id} name="home-section" inputs={[language, section, sectionReadStates(section, queryClient)]}>
            <Template section={section} />
          </KeptPart>
        ) : null;
      })}
    </>
  );
}
