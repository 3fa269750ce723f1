/**
 * Photos made small on the device before they upload: at most 2560 px on the long side, encoded
 * again as WebP (JPEG where the browser cannot write WebP) at quality 0.85, turned upright by
 * their EXIF orientation, their GPS position and other metadata left behind. A phone's 4000 × 3000
 * photo of 5–12 MB becomes well under 1 MB; the site never shows more than 1920 px.
 */
export const SHRINK = { maxSide: 2560, quality: 0.85 } as const;

/** The types worth making smaller: GIFs may be animated, AVIF is small already, PDFs are not photos. */
const SHRINKABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const isShrinkable = (type: string): boolean => SHRINKABLE.has(type);

export interface Encoded {
  blob: Blob;
  /** Whether the picture was scaled down (it was larger than SHRINK.maxSide). */
  scaled: boolean;
}

/**
 * Which of the two goes up. A camera's JPEG goes encoded again, always: that is what drops its GPS
 * position. Anything else goes encoded again only when it had to be scaled: a screenshot or a
 * logo already small enough keeps its own sharp, lossless pixels. A PNG the browser could only
 * write as JPEG goes as it is, keeping its transparency.
 */
export function choose(original: Blob, encoded: Encoded): Blob {
  if (original.type === 'image/png' && encoded.blob.type === 'image/jpeg') return original;
  return original.type === 'image/jpeg' || encoded.scaled ? encoded.blob : original;
}

/** The file's name with the extension of the type it now has. */
export function renamed(name: string, type: string): string {
  const extension = type === 'image/webp' ? 'webp' : type === 'image/jpeg' ? 'jpg' : undefined;
  if (!extension) return name;
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, '');
  return `${base || 'photo'}.${extension}`;
}
