/**
 * Content images: lazy-loaded, with their box reserved by width/height and aspect-ratio so the
 * page does not jump when they arrive, in the rendition that fits (Picture). Until a picture
 * arrives its box shows the record's placeholder for it (a blurred preview), else a grey block. A
 * broken address falls back to `fallback` when given.
 */
import { useState, type CSSProperties } from 'react';
import { Picture } from './Picture';

interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** How wide the image is drawn (see SIZES). */
  sizes: string;
  fallback?: string;
  /** The record's placeholders (WithPlaceholders), from each picture address to its preview. */
  placeholders?: Record<string, string>;
  /** The record's focal points (WithPlaceholders): a picture cut by its box keeps that point in view. */
  focalPoints?: Record<string, string>;
  /** The largest image of the first screen loads at once, the rest when scrolled near. */
  priority?: boolean;
  fit?: 'cover' | 'contain';
  radius?: string;
  className?: string;
  style?: CSSProperties;
}

export function LazyImage({
  src,
  alt,
  width,
  height,
  sizes,
  fallback,
  placeholders,
  focalPoints,
  priority,
  fit = 'cover',
  radius,
  className,
  style,
}: LazyImageProps) {
  const [broken, setBroken] = useState(false);
  const shown = broken && fallback ? fallback : src;
  return (
    <Picture
      key={shown}
      src={shown}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={() => setBroken(true)}
      // In a page the server rendered, where nothing of this component runs, islands/main.ts does it.
      {...(fallback && !broken ? { 'data-fallback': fallback } : {})}
      className={className}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        objectFit: fit,
        objectPosition: focalPositionFor(focalPoints, shown),
        borderRadius: radius,
        background: [placeholderBackground(placeholders, shown), 'var(--mantine-color-gray-1)'].filter(Boolean).join(' '),
        ...style,
      }}
    />
  );
}

/** Only a position ('30% 70%') reaches the style, whatever else an answer might carry. */
const POSITION = /^\d{1,3}% \d{1,3}%$/;

export function focalPositionFor(focalPoints: Record<string, string> | undefined, src: string): string | undefined {
  const position = focalPoints?.[src];
  return position && POSITION.test(position) ? position : undefined;
}

/** Only an inline picture is drawn: whatever else an answer might carry never reaches the style. */
const INLINE_PICTURE = /^data:image\/[a-z+]+;base64,[A-Za-z0-9+/]+={0,2}$/;

export function placeholderFor(placeholders: Record<string, string> | undefined, src: string): string | undefined {
  const preview = placeholders?.[src];
  return preview && INLINE_PICTURE.test(preview) ? preview : undefined;
}

/** The CSS background layer that draws the picture's placeholder over its box, if it has one. */
export function placeholderBackground(placeholders: Record<string, string> | undefined, src: string): string | undefined {
  const preview = placeholderFor(placeholders, src);
  return preview ? `center / cover no-repeat url("${preview}")` : undefined;
}
