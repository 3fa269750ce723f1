/**
 * Makes the renditions named in shared/renditions.ts with sharp and keeps them beside the uploads
 * (UPLOAD_DIR/_r/{width}/{name}.{format}), and each picture's placeholder: a WebP a few pixels
 * wide as a data URI (UPLOAD_DIR/_r/placeholder/{name}.txt), which public answers carry so a page
 * draws a blurred preview in a picture's box before the picture arrives. An upload queues its
 * placeholder and all of its renditions at once; any other original (the demo images, a restored
 * backup, an import) gets each one when it is first asked for. One encode runs at a time, so a
 * page full of new pictures cannot take every core, and one asked for twice while it is made is
 * made once.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import { RENDITION_FORMATS, RENDITION_WIDTHS, RENDITIONS_DIR, isResizable, type RenditionFormat } from '../../shared/renditions';

const WIDTHS: readonly number[] = RENDITION_WIDTHS;
/** A decompression bomb (a tiny file that claims a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;
/** Wide enough to hint at the picture, small enough to travel inline (about 150 bytes as a data URI). */
const PLACEHOLDER_WIDTH = 12;
const PLACEHOLDER_DIR = 'placeholder';

export class Renditions {
  private readonly making = new Map<string, Promise<string | undefined>>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Placeholders read or made so far (about 150 bytes each), so a page's read costs no file access. */
  private readonly placeholders = new LRUCache<string, string>({ max: 20_000 });

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

  /** Queues the placeholder and every rendition of a fresh upload; failures only mean the original is served. */
  prepare(name: string): Promise<void> {
    if (!isResizable(name)) return Promise.resolve();
    const all = [
      this.schedulePlaceholder(name),
      ...WIDTHS.flatMap((width) => RENDITION_FORMATS.map((format) => this.schedule(name, width, format))),
    ];
    return Promise.all(all).then(() => undefined);
  }

  /**
   * The picture's placeholder as a `data:` URI, made now if there is none yet; undefined when the
   * original is missing or is not a picture sharp can read.
   */
  async placeholder(name: string): Promise<string | undefined> {
    if (!isResizable(name)) return undefined;
    const kept = this.placeholders.get(name);
    if (kept) return kept;
    // Read outside the queue: a stored placeholder never waits behind renditions being encoded.
    const stored = await fs.readFile(this.placeholderFile(name), 'utf8').catch(() => undefined);
    // An address whose file is not there (yet) does not wait in the queue to learn so.
    const made = stored ?? ((await this.hasOriginal(name)) ? await this.schedulePlaceholder(name) : undefined);
    if (made) this.placeholders.set(name, made);
    return made;
  }

  /** Removes every rendition and the placeholder of a deleted file. */
  async remove(name: string): Promise<void> {
    this.placeholders.delete(name);
    await Promise.all([
      fs.rm(this.placeholderFile(name), { force: true }),
      ...WIDTHS.flatMap((width) => RENDITION_FORMATS.map((format) => fs.rm(this.file(name, width, format), { force: true }))),
    ]);
  }

  /** Resolves once everything queued so far is done (tests and shutdown wait on it). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private placeholderFile(name: string): string {
    return path.join(this.uploadDir, RENDITIONS_DIR, PLACEHOLDER_DIR, `${name}.txt`);
  }

  /** Queued at once (so idle() covers it), made unless it is stored by its turn or is being made already. */
  private schedulePlaceholder(name: string): Promise<string | undefined> {
    const file = this.placeholderFile(name);
    return this.once(
      file,
      async () => (await fs.readFile(file, 'utf8').catch(() => undefined)) ?? this.makePlaceholder(name, file),
    );
  }

  /** Queued at once (so idle() covers it), made unless it exists by its turn or is being made already. */
  private schedule(name: string, width: number, format: RenditionFormat): Promise<string | undefined> {
    const target = this.file(name, width, format);
    return this.once(target, async () => ((await exists(target)) ? target : this.make(name, width, format, target)));
  }

  /** Runs `job` in the queue, once for `target` however many ask while it waits or runs. */
  private once(target: string, job: () => Promise<string | undefined>): Promise<string | undefined> {
    const pending = this.making.get(target);
    if (pending) return pending;
    const made = this.enqueue(job).finally(() => this.making.delete(target));
    this.making.set(target, made);
    return made;
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async make(name: string, width: number, format: RenditionFormat, target: string): Promise<string | undefined> {
    const image = await this.resized(name, width);
    if (!image) return undefined;
    try {
      const bytes = await (format === 'avif' ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 72 })).toBuffer();
      await writeWhole(target, bytes);
      return target;
    } catch {
      return undefined;
    }
  }

  private async makePlaceholder(name: string, target: string): Promise<string | undefined> {
    const image = await this.resized(name, PLACEHOLDER_WIDTH);
    if (!image) return undefined;
    try {
      const bytes = await image.webp({ quality: 40, smartSubsample: true }).toBuffer();
      const uri = `data:image/webp;base64,${bytes.toString('base64')}`;
      await writeWhole(target, uri);
      return uri;
    } catch {
      return undefined;
    }
  }

  /** The original read and scaled to `width` (never enlarged), or undefined when there is no original. */
  private async resized(name: string, width: number): Promise<Sharp | undefined> {
    const original = path.join(this.uploadDir, name);
    if (!(await exists(original))) return undefined;
    return sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // follow the camera's orientation before resizing
      .resize({ width, withoutEnlargement: true });
  }
}

/** Written aside and renamed, so a reader never gets half a file. */
async function writeWhole(target: string, content: Buffer | string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.part`;
  await fs.writeFile(partial, content);
  await fs.rename(partial, target);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
