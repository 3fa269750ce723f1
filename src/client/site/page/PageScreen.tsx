/**
 * A CMS page by slug (spec §2.1 "Page"): heading (banner or band), thumbnail and content, the
 * page's sections, then the extra block its slug calls for (services, gallery, career).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { imageAlt } from '../../ui/display';
import { LazyImage } from '../../ui/LazyImage';
import { SIZES } from '../../ui/Picture';
import { SafeHtml } from '../../ui/SafeHtml';
import { pageQuery } from '../api/queries';
import { useTextLanguage } from '../locale';
import { KeptPart } from '../../islands/KeptPart';
import { useSiteLocale } from '../../ui/site-locale';
import { extraBlockFor } from './extra-blocks';
import { PageHeading } from './PageHeading';
import { PageSection } from './PageSection';
import { FormSection } from './FormSection';
import classes from './page.module.css';
import { isFormSection } from './form-section';

/** `preview`: a preview link's token, which shows the page as its draft has it. */
export function PageScreen({ slug, preview }: { slug: string; preview?: string }) {
  const { data: page } = useSuspenseQuery(pageQuery(slug, preview));
  const Extra = extraBlockFor(page.slug)?.component;
  const hasBody = Boolean(page.thumb || page.content);
  const textLanguage = useTextLanguage(page);
  const language = useSiteLocale();
  return (
    <article>
      <PageHeading
        title={page.title}
        subTitle={page.sub_title}
        bannerImg={page.banner_img}
        lang={{ title: textLanguage('title').lang, subTitle: textLanguage('sub_title').lang }}
      />
      {hasBody ? (
        <div className={`${classes.container} ${classes.pageBody}`} data-beside={page.thumb && page.content ? '' : undefined}>
          <SafeHtml html={page.content} {...textLanguage('content')} />
          {page.thumb ? (
            <div className={classes.pageThumb}>
              <LazyImage
                src={page.thumb}
                placeholders={page.placeholders}
                focalPoints={page.focal_points}
                alt={imageAlt(page)}
                width={800}
                height={600}
                sizes={page.content ? SIZES.thirdOnDesktop : SIZES.content}
                radius="var(--mantine-radius-md)"
                priority={!page.banner_img}
              />
            </div>
          ) : null}
        </div>
      ) : null}
      {page.sections.map((section) =>
        isFormSection(section) ? (
          <FormSection key={section.id} section={section} />
        ) : (
          // Drawn from the section (its widgets with it) and the language alone: a page made again
          // after a write to its own fields or to another page reuses its markup (islands/KeptPart.tsx).
          <KeptPart key={section.id} name="page-section" inputs={[language, section]}>
            <PageSection section={section} />
          </KeptPart>
        ),
      )}
      {Extra ? (
        <Suspense fallback={null}>
          <Extra />
        </Suspense>
      ) : null}
    </article>
  );
}
