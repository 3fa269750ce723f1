/**
 * Smaller copies of uploaded images, so a phone is not sent the original. The server makes them
 * (at upload, or on the first request for one) and the site names them in `srcset`; both follow
 * the addresses below, so neither needs to ask the other which exist.
 *
 *   /uploads/photo-3fa9.png                 the original, as uploaded (kept)
 *   /uploads/_r/640/photo-3fa9.png.avif     640 px wide (never wider than the original), AVIF
 *   /uploads/_r/320x320/photo-3fa9.png.webp  a frame: cut to 320 × 320 around the focal point
 *
 * A width keeps the whole picture (it is the same picture, smaller). A frame is for a box of a
 * fixed shape: the square thumbnails of the media library and lists, and the share image that
 * other sites show beside a link. It keeps the picture's focal point (set in the media library;
 * the centre otherwise) as near its middle as the picture allows.
 */
/** The folder of UPLOAD_DIR (and of /uploads/) that holds them. */
export const RENDITIONS_DIR = '_r';
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const RENDITION_FORMATS = ['avif', 'webp'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];
export const RENDITION_FRAMES = [
  [320, 320],
  [1200, 630],
] as const;

/** A rendition's size: a width, or a frame's width and height. */
export interface RenditionSize {
  width: number;
  height?: number;
}

/** `640` or `320x320`, as the address names it. */
export const sizeKey = ({ width, height }: RenditionSize): string => (height ? `${width}x${height}` : String(width));

/** The size an address names, when it is one we make. */
export function parseSize(key: string): RenditionSize | undefined {
  const [width, height] = key.split('x').map(Number);
  if (height === undefined) return (RENDITION_WIDTHS as readonly number[]).includes(width!) ? { width: width! } : undefined;
  return RENDITION_FRAMES.some(([w, h]) => w === width && h === height) ? { width: width!, height } : undefined;
}

/** A focal point as CSS `object-position` ('30% 70%'), from the public answer's `focal_points`. */
export const objectPosition = (x: number, y: number): string => `${Math.round(x * 100)}% ${Math.round(y * 100)}%`;

/** Raster images we resize; GIFs may be animated and PDFs are not pictures, so they are served as they are. */
const RESIZABLE_NAME = /^[a-z0-9][a-z0-9-]*\.(?:png|jpe?g|webp|avif)$/;
const UPLOADS = '/uploads/';

/** A stored file's address: site-relative, so stored addresses survive a proxy, HTTPS or a new domain. */
export const fileUrl = (name: string): string => `${UPLOADS}${name}`;

export function isResizable(name: string): boolean {
  return RESIZABLE_NAME.test(name);
}

/** The stored file name behind a site address, when that file has renditions. */
export function resizableName(src: string | null | undefined): string | undefined {
  const name = src?.startsWith(UPLOADS) ? src.slice(UPLOADS.length) : undefined;
  return name && isResizable(name) ? name : undefined;
}

export function renditionUrl(name: string, size: number | RenditionSize, format: RenditionFormat): string {
  return `${UPLOADS}${RENDITIONS_DIR}/${sizeKey(typeof size === 'number' ? { width: size } : size)}/${name}.${format}`;
}

/** `srcset` for one format, every width; the browser picks by the `sizes` the page gives. */
export function renditionSrcSet(name: string, format: RenditionFormat): string {
  return RENDITION_WIDTHS.map((width) => `${renditionUrl(name, width, format)} ${width}w`).join(', ');
}

/**
 * The picture other sites show beside a link to a page: an upload's 1200 × 630 frame, cut around
 * its focal point (platforms cut a share image to that shape themselves, from the centre).
 */
export function shareImageUrl(src: string): string {
  const name = resizableName(src);
  return name ? renditionUrl(name, { width: 1200, height: 630 }, 'webp') : src;
}

/** A small square picture for lists and the media library: the 320 × 320 WebP frame of an upload, else the address itself. */
export function thumbnailUrl(src: string): string {
  const name = resizableName(src);
  return name ? renditionUrl(name, { width: 320, height: 320 }, 'webp') : src;
}

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
