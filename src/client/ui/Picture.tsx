/**
 * An `<img>` that, for an uploaded picture, lets the browser pick a rendition of the right width
 * in AVIF or WebP (shared/renditions.ts); any other address is shown as it is. `sizes` says how
 * wide the picture is drawn, so a phone fetches a phone-sized file.
 */
import type { ImgHTMLAttributes } from 'react';
import { RENDITION_FORMATS, renditionSrcSet, resizableName } from '../../shared/renditions';

/** Common `sizes`: full width; one of a grid's columns (1 on phones, 2 on tablets, 3 or more on desktops). */
export const SIZES = {
  full: '100vw',
  gridColumn: '(min-width: 62em) 33vw, (min-width: 36em) 50vw, 100vw',
  halfOnDesktop: '(min-width: 62em) 50vw, 100vw',
  thirdOnDesktop: '(min-width: 62em) 33vw, 100vw',
  /** The reading column of an article (Container size md). */
  content: '(min-width: 62em) 960px, 100vw',
  /**
   * The home slider's 16:9 slide covering the hero's box (home.module.css `.hero`: the viewport's
   * height less the header's, within 420–900 px): on a phone's tall box the picture is drawn as
   * wide as that height's 16:9, far wider than the viewport, so `100vw` would stretch a small file.
   */
  heroCover: 'max(100vw, calc(clamp(420px, 100vh - 104px, 900px) * 16 / 9))',
} as const;

type PictureProps = ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string };

export function Picture({ src, sizes, ...img }: PictureProps) {
  const name = resizableName(src);
  const image = <img src={src} {...img} />;
  if (!name) return image;
  return (
    <picture style={{ display: 'contents' }}>
      {RENDITION_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={renditionSrcSet(name, format)} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
