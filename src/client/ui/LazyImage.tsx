/**
 * Content images: lazy-loaded, with their box reserved by width/height and aspect-ratio so the
 * page does not jump when they arrive, in the rendition that fits (Picture). A broken address
 * falls back to `fallback` when given.
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
      className={className}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        objectFit: fit,
        borderRadius: radius,
        background: 'var(--mantine-color-gray-1)',
        ...style,
      }}
    />
  );
}
