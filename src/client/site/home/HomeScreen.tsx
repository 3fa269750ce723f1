/**
 * Home (spec §2.1): the slider, then each top section drawn by its template. The summary claims
 * (22 years of service …) are content, so they come from the sections staff write, not from code.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { PlainVisuallyHidden } from '../../ui/plain';
import { siteInfoQuery, topSectionsQuery } from '../api/queries';
import { HeroSlider } from './HeroSlider';
import { sectionComponentFor } from './sections/registry';

export function HomeScreen() {
  const { data: site } = useSuspenseQuery(siteInfoQuery());
  const { data: sections } = useSuspenseQuery(topSectionsQuery());
  return (
    <>
      <PlainVisuallyHidden>
        <h1>{site.title ?? site.name}</h1>
      </PlainVisuallyHidden>
      <HeroSlider />
      {sections.map((section) => {
        const Template = sectionComponentFor(section.template);
        return Template ? <Template key={section.id} section={section} /> : null;
      })}
    </>
  );
}
