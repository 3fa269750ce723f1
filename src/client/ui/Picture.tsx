/**
 * An `<img>` that, for an uploaded picture, lets the browser pick a rendition of the right width
 * in AVIF or WebP (shared/renditions.ts); any other address is shown as it is. `sizes` says how
 * wide the picture is drawn, so a phone fetches a phone-sized file.
 */
import type { ImgHTMLAttributes } from 'react';
import { RENDITION_FORMATS, renditionSrcSet, resizableName } from '../../shared/renditions';

export { SIZES } from '../../shared/renditions';

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
