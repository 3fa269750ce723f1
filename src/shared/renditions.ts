/**
 * Smaller copies of uploaded images, so a phone is not sent the original. The server makes them
 * (at upload, or on the first request for one) and the site names them in `srcset`; both follow
 * the addresses below, so neither needs to ask the other which exist.
 *
 *   /uploads/photo-3fa9.png                 the original, as uploaded (kept)
 *   /uploads/_r/640/photo-3fa9.png.avif     640 px wide (never wider than the original), AVIF
 */
/** The folder of UPLOAD_DIR (and of /uploads/) that holds them. */
export const RENDITIONS_DIR = '_r';
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const RENDITION_FORMATS = ['avif', 'webp'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

/** Raster images we resize; GIFs may be animated and PDFs are not pictures, so they are served as they are. */
const RESIZABLE_NAME = /^[a-z0-9][a-z0-9-]*\.(?:png|jpe?g|webp|avif)$/;
const UPLOADS = '/uploads/';

export function isResizable(name: string): boolean {
  return RESIZABLE_NAME.test(name);
}

/** The stored file name behind a site address, when that file has renditions. */
export function resizableName(src: string | null | undefined): string | undefined {
  const name = src?.startsWith(UPLOADS) ? src.slice(UPLOADS.length) : undefined;
  return name && isResizable(name) ? name : undefined;
}

export function renditionUrl(name: string, width: number, format: RenditionFormat): string {
  return `${UPLOADS}${RENDITIONS_DIR}/${width}/${name}.${format}`;
}

/** `srcset` for one format, every width; the browser picks by the `sizes` the page gives. */
export function renditionSrcSet(name: string, format: RenditionFormat): string {
  return RENDITION_WIDTHS.map((width) => `${renditionUrl(name, width, format)} ${width}w`).join(', ');
}

/** A small picture for lists and the media library: the 320-px WebP of an upload, else the address itself. */
export function thumbnailUrl(src: string): string {
  const name = resizableName(src);
  return name ? renditionUrl(name, RENDITION_WIDTHS[0], 'webp') : src;
}
