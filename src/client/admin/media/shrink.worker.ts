/**
 * Off the main thread: decodes a photo (upright, by its EXIF orientation), draws it at most
 * SHRINK.maxSide on its long side and encodes it again. Drawing keeps only the pixels, so the
 * camera's metadata (GPS position and the rest) is not carried over.
 */
import { SHRINK, type Encoded } from './shrink-plan';

const scope = self as unknown as { onmessage: ((event: MessageEvent<Blob>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = async ({ data: file }) => {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, SHRINK.maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d')!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    let blob = await canvas.convertToBlob({ type: 'image/webp', quality: SHRINK.quality });
    if (blob.type !== 'image/webp') blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: SHRINK.quality });
    scope.postMessage({ blob, scaled: scale < 1 } satisfies Encoded);
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
