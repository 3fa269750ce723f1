/**
 * Content images: lazy-loaded, with their box reserved by width/height and aspect-ratio so the
 * page does not jump when they arrive. A broken address falls back to `fallback` when given.
 */
import type { CSSProperties, SyntheticEvent } from 'react';

interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
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
  fallback,
  priority,
  fit = 'cover',
  radius,
  className,
  style,
}: LazyImageProps) {
  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget;
    if (fallback && !img.src.endsWith(fallback)) img.src = fallback;
  };
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={onError}
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
