/**
 * A CMS page by slug (spec §2.1 "Page"): heading (banner or band), thumbnail and content, the
 * page's sections, then the extra block its slug calls for (services, gallery, career).
 */
import { Container, Grid } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { imageAlt } from '../../ui/display';
import { LazyImage } from '../../ui/LazyImage';
import { SIZES } from '../../ui/Picture';
import { SafeHtml } from '../../ui/SafeHtml';
import { pageQuery } from '../api/queries';
import { useTextLanguage } from '../locale';
import { extraBlockFor } from './extra-blocks';
import { PageHeading } from './PageHeading';
import { PageSection } from './PageSection';

/** `preview`: a preview link's token, which shows the page as its draft has it. */
export function PageScreen({ slug, preview }: { slug: string; preview?: string }) {
  const { data: page } = useSuspenseQuery(pageQuery(slug, preview));
  const Extra = extraBlockFor(page.slug)?.component;
  const hasBody = Boolean(page.thumb || page.content);
  const textLanguage = useTextLanguage(page);
  return (
    <article>
      <PageHeading
        title={page.title}
        subTitle={page.sub_title}
        bannerImg={page.banner_img}
        lang={{ title: textLanguage('title').lang, subTitle: textLanguage('sub_title').lang }}
      />
      {hasBody ? (
        <Container size="xl" py="xl">
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: page.thumb && page.content ? 8 : 12 }} order={{ base: 2, md: 1 }}>
              <SafeHtml html={page.content} {...textLanguage('content')} />
            </Grid.Col>
            {page.thumb ? (
              <Grid.Col span={{ base: 12, md: page.content ? 4 : 12 }} order={{ base: 1, md: 2 }}>
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
              </Grid.Col>
            ) : null}
          </Grid>
        </Container>
      ) : null}
      {page.sections.map((section) => (
        <PageSection key={section.id} section={section} />
      ))}
      {Extra ? (
        <Suspense fallback={null}>
          <Extra />
        </Suspense>
      ) : null}
    </article>
  );
}
