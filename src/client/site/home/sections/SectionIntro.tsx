/** A home section's text column (header, body, 'See more') beside its picture, as the templates share it. */
import { type ButtonVariant, Grid } from '@mantine/core';
import type { ReactNode } from 'react';
import { CmsButton } from '../../../ui/CmsLink';
import { imageAlt } from '../../../ui/display';
import { LazyImage } from '../../../ui/LazyImage';
import { SIZES } from '../../../ui/Picture';
import { MoreText } from '../../../ui/MoreText';
import type { Section } from '../../api/types';
import { SectionHeader } from './SectionHeader';
import { useSiteText } from '../../../ui/site-text';

interface SectionIntroProps {
  section: Section;
  /** The body: an excerpt or the section's HTML. */
  children: ReactNode;
  /** Height the picture's box reserves (its width is 800), so nothing shifts when it loads. */
  imageHeight: number;
  imageFirst?: boolean;
  moreVariant?: ButtonVariant;
  spaceBelow?: number | string;
}

export function SectionIntro({
  section,
  children,
  imageHeight,
  imageFirst = false,
  moreVariant = 'outline',
  spaceBelow = 0,
}: SectionIntroProps) {
  const t = useSiteText();
  const picture = section.thumb ? (
    <Grid.Col span={{ base: 12, md: 5 }}>
      <LazyImage
        src={section.thumb}
        placeholders={section.placeholders}
        focalPoints={section.focal_points}
        alt={imageAlt(section)}
        width={800}
        height={imageHeight}
        sizes={SIZES.halfOnDesktop}
        radius="var(--mantine-radius-lg)"
      />
    </Grid.Col>
  ) : null;
  const text = (
    <Grid.Col span={{ base: 12, md: section.thumb ? 7 : 12 }}>
      <SectionHeader title={section.title} subTitle={section.sub_title} />
      {children}
      {section.link_url ? (
        <CmsButton href={section.link_url} variant={moreVariant} mt="lg">
          <MoreText label={t('more.see')} about={section.title} />
        </CmsButton>
      ) : null}
    </Grid.Col>
  );
  return (
    <Grid gap={48} align="center" mb={spaceBelow}>
      {imageFirst ? picture : text}
      {imageFirst ? text : picture}
    </Grid>
  );
}
