/** A home section's text column (header, body, 'See more') beside its picture, as the templates share it. */
import type { ReactNode } from 'react';
import { imageAlt } from '../../../ui/display';
import { LazyImage } from '../../../ui/LazyImage';
import { SIZES } from '../../../ui/Picture';
import { MoreText } from '../MoreText';
import type { Section } from '../../api/types';
import { type ButtonLook, CmsButton } from '../../ui';
import classes from '../home.module.css';
import { SectionHeader } from './SectionHeader';
import { useSiteText, useTextLang } from '../../../ui/site-text';

interface SectionIntroProps {
  section: Section;
  /** The body: an excerpt or the section's HTML. */
  children: ReactNode;
  /** Height the picture's box reserves (its width is 800), so nothing shifts when it loads. */
  imageHeight: number;
  imageFirst?: boolean;
  moreVariant?: ButtonLook['variant'];
  /** Room below, before what follows in the section: the columns' own gap, or the theme's xl. */
  spaceBelow?: 'gap' | 'xl';
}

const SPACE_BELOW = { gap: classes.introSpaced, xl: classes.introSpacedXl };

export function SectionIntro({
  section,
  children,
  imageHeight,
  imageFirst = false,
  moreVariant = 'outline',
  spaceBelow,
}: SectionIntroProps) {
  const t = useSiteText();
  const lang = useTextLang();
  const picture = section.thumb ? (
    <div className={`${classes.introColumn} ${classes.introPicture}`}>
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
    </div>
  ) : null;
  const text = (
    <div className={section.thumb ? `${classes.introColumn} ${classes.introText}` : classes.introColumn}>
      <SectionHeader title={section.title} subTitle={section.sub_title} record={section} />
      {children}
      {section.link_url ? (
        <CmsButton href={section.link_url} variant={moreVariant} mt="lg">
          <MoreText label={t('more.see')} about={section.title} aboutLang={lang(section, 'title')} />
        </CmsButton>
      ) : null}
    </div>
  );
  return (
    <div className={spaceBelow ? `${classes.intro} ${SPACE_BELOW[spaceBelow]}` : classes.intro}>
      {imageFirst ? picture : text}
      {imageFirst ? text : picture}
    </div>
  );
}
