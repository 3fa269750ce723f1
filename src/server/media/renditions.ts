/**
 * Makes the renditions named in shared/renditions.ts with sharp and keeps them beside the uploads
 * (UPLOAD_DIR/_r/{width}/{name}.{format}). An upload queues all of its renditions at once; any
 * other original (the demo images, a restored backup, an import) gets each one on its first
 * request. One encode runs at a time, so a page full of new pictures cannot take every core, and
 * a rendition asked for twice while it is made is made once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RENDITION_FORMATS, RENDITION_WIDTHS, RENDITIONS_DIR, isResizable, type RenditionFormat } from '../../shared/renditions';

const WIDTHS: readonly number[] = RENDITION_WIDTHS;
/** A decompression bomb (a tiny file that claims a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

export class Renditions {
  private readonly making = new Map<string, Promise<string | undefined>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly uploadDir: string) {}

  /** Whether `width` and `format` name a rendition we make. */
  static accepts(width: number, format: string): format is RenditionFormat {
    return WIDTHS.includes(width) && (RENDITION_FORMATS as readonly string[]).includes(format);
  }

  hasOriginal(name: string): Promise<boolean> {
    return exists(path.join(this.uploadDir, name));
  }

  file(name: string, width: number, format: RenditionFormat): string {
    return path.join(this.uploadDir, RENDITIONS_DIR, String(width), `${name}.${format}`);
  }

  /**
   * The path of the rendition, made now if it is not there yet; undefined when the original is
   * missing or is not a picture sharp can read (the caller then serves the original).
   */
  async ensure(name: string, width: number, format: RenditionFormat): Promise<string | undefined> {
    const target = this.file(name, width, format);
    return (await exists(target)) ? target : this.schedule(name, width, format);
  }

  /** Queues every rendition of a fresh upload; failures only mean the original is served. */
  prepare(name: string): Promise<void> {
    if (!isResizable(name)) return Promise.resolve();
    const all = WIDTHS.flatMap((width) => RENDITION_FORMATS.map((format) => this.schedule(name, width, format)));
    return Promise.all(all).then(() => undefined);
  }

  /** Removes every rendition of a deleted file. */
  async remove(name: string): Promise<void> {
    await Promise.all(
      WIDTHS.flatMap((width) => RENDITION_FORMATS.map((format) => fs.rm(this.file(name, width, format), { force: true }))),
    );
  }

  /** Resolves once everything queued so far is done (tests and shutdown wait on it). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Queued at once (so idle() covers it), made unless it exists by its turn or is being made already. */
  private schedule(name: string, width: number, format: RenditionFormat): Promise<string | undefined> {
    const target = this.file(name, width, format);
    const pending = this.making.get(target);
    if (pending) return pending;
    const made = this.enqueue(async () => ((await exists(target)) ? target : this.make(name, width, format, target))).finally(
      () => this.making.delete(target),
    );
    this.making.set(target, made);
    return made;
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async make(name: string, width: number, format: RenditionFormat, target: string): Promise<string | undefined> {
    const original = path.join(this.uploadDir, name);
    if (!(await exists(original))) return undefined;
    try {
      let image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate() // follow the camera's orientation before resizing
        .resize({ width, withoutEnlargement: true });
      image = format === 'avif' ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 72 });
      const bytes = await image.toBuffer();
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never gets half a file.
      const partial = `${target}.${process.pid}.part`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, target);
      return target;
    } catch {
      return undefined;
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
