/**
 * Makes the renditions named in shared/renditions.ts with sharp and keeps them beside the uploads
 * in the storage (`_r/{width}/{name}.{format}`), and each picture's placeholder: a WebP a few pixels
 * wide as a data URI (`_r/placeholder/{name}.txt`), which public answers carry so a page
 * draws a blurred preview in a picture's box before the picture arrives. An upload (and the demo's
 * images, once seeded) queues its placeholder and all of its renditions at once, to be made ahead
 * of any visitor; any other original (a restored backup, an import) gets each one when it is first
 * asked for. One encode runs at a time, so a page full of new pictures cannot take every core, and
 * one asked for twice while it is made is made once. What someone is waiting for goes before what
 * is made ahead: a page's picture never waits behind a whole upload's renditions.
 */
import { LRUCache } from 'lru-cache';
import type { Sharp, SharpOptions } from 'sharp';
import {
  RENDITION_FORMATS,
  RENDITION_FRAMES,
  RENDITION_WIDTHS,
  RENDITIONS_DIR,
  isResizable,
  parseSize,
  sizeKey,
  type RenditionFormat,
  type RenditionSize,
} from '../../shared/renditions';
import type { FileStorage } from '../storage/storage';

/**
 * sharp (libvips) is loaded with the first picture made: memory a server carries only once it makes
 * renditions. Its operation cache is off: each rendition is made once and stored, so
 * the cache would only keep decoded originals around (libvips keeps up to 50 MB by default).
 */
let sharpLoading: Promise<(input: string | Buffer, options: SharpOptions) => Sharp> | undefined;
function picture(input: string | Buffer): Promise<Sharp> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading.then((sharp) => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }));
}

const FRAMES: readonly RenditionSize[] = RENDITION_FRAMES.map(([width, height]) => ({ width, height }));
const SIZES: readonly RenditionSize[] = [...RENDITION_WIDTHS.map((width) => ({ width })), ...FRAMES];

/** A picture's focal point, 0..1 from the left and from the top. */
export interface FocalPoint {
  x: number;
  y: number;
}
export type FocalPointOf = (name: string) => Promise<FocalPoint | undefined>;
/** A decompression bomb (a tiny file that claims a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;
/** Wide enough to hint at the picture, small enough to travel inline (about 150 bytes as a data URI). */
const PLACEHOLDER_WIDTH = 12;
const PLACEHOLDER_DIR = 'placeholder';

/** Where a picture's placeholder is stored (a text file holding its `data:` URI). */
export const placeholderKey = (name: string) => `${RENDITIONS_DIR}/${PLACEHOLDER_DIR}/${name}.txt`;

/** Who waits for a job: someone asking now (`asked`), or nobody yet (`ahead`, made in advance). */
type Lane = 'asked' | 'ahead';

interface Job {
  target: string;
  lane: Lane;
  run: () => Promise<string | undefined>;
  settle: (made: Promise<string | undefined>) => void;
  made: Promise<string | undefined>;
}

export class Renditions {
  /** Jobs waiting or running, by their target: one asked for again joins it. */
  private readonly making = new Map<string, Job>();
  private readonly waiting: Record<Lane, Job[]> = { asked: [], ahead: [] };
  private running: Job | undefined;
  /** Called once nothing waits or runs (idle()). */
  private drained: (() => void)[] = [];
  /** Placeholders read or made so far (about 150 bytes each), so a page's read costs no file access. */
  private readonly placeholders = new LRUCache<string, string>({ max: 20_000 });
  /** Renditions known to be stored, so serving one asks the storage nothing more (an S3 HEAD costs a round trip). */
  private readonly stored = new LRUCache<string, true>({ max: 20_000 });

  constructor(
    private readonly storage: FileStorage,
    /** Where frames find the picture's focal point (the media library's files); the centre without one. */
    private readonly focalPointOf: FocalPointOf = async () => undefined,
  ) {}

  /** The size `key` names when it and `format` name a rendition we make. */
  static accepts(key: string, format: string): RenditionSize | undefined {
    return (RENDITION_FORMATS as readonly string[]).includes(format) ? parseSize(key) : undefined;
  }

  async hasOriginal(name: string): Promise<boolean> {
    return (await this.storage.stat(name)) !== undefined;
  }

  /** The storage key of a rendition. */
  key(name: string, size: RenditionSize, format: RenditionFormat): string {
    return `${RENDITIONS_DIR}/${sizeKey(size)}/${name}.${format}`;
  }

  /**
   * The key of the rendition, made now if it is not there yet; undefined when the original is
   * missing or is not a picture sharp can read (the caller then serves the original).
   */
  async ensure(name: string, size: RenditionSize, format: RenditionFormat): Promise<string | undefined> {
    const target = this.key(name, size, format);
    return (await this.exists(target)) ? target : this.schedule(name, size, format);
  }

  /**
   * The rendition's bytes, made now if need be; undefined as for ensure(). One removed since it
   * was known to be stored (another instance reframed the picture) is made again.
   */
  async bytes(name: string, size: RenditionSize, format: RenditionFormat): Promise<Buffer | undefined> {
    const key = await this.ensure(name, size, format);
    if (!key) return undefined;
    const stored = await this.storage.read(key);
    if (stored) return stored;
    this.stored.delete(key);
    const made = await this.schedule(name, size, format);
    return made ? this.storage.read(made) : undefined;
  }

  private async exists(key: string): Promise<boolean> {
    if (this.stored.has(key)) return true;
    const found = (await this.storage.stat(key)) !== undefined;
    if (found) this.stored.set(key, true);
    return found;
  }

  /**
   * Queues the placeholder and every rendition of a fresh original, to be made ahead of any
   * visitor, after what someone is waiting for; failures only mean the original is served.
   */
  prepare(name: string): Promise<void> {
    if (!isResizable(name)) return Promise.resolve();
    const all = [this.schedulePlaceholder(name, 'ahead'), ...this.scheduleAll(name, SIZES, 'ahead')];
    return Promise.all(all).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Makes a picture's frames again, around its new focal point. */
  async reframe(name: string): Promise<void> {
    if (!isResizable(name)) return;
    await this.removeSizes(name, FRAMES);
    await Promise.all(this.scheduleAll(name, FRAMES, 'asked'));
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
    const stored = await this.readText(placeholderKey(name));
    // An address whose file is not there (yet) does not wait in the queue to learn so.
    const made = stored ?? ((await this.hasOriginal(name)) ? await this.schedulePlaceholder(name) : undefined);
    if (made) this.placeholders.set(name, made);
    return made;
  }

  /** Removes every rendition and the placeholder of a deleted file. */
  async remove(name: string): Promise<void> {
    this.placeholders.delete(name);
    await this.removeSizes(name, SIZES, [placeholderKey(name)]);
  }

  private async removeSizes(name: string, sizes: readonly RenditionSize[], besides: string[] = []): Promise<void> {
    const keys = [...besides, ...sizes.flatMap((size) => RENDITION_FORMATS.map((format) => this.key(name, size, format)))];
    for (const key of keys) this.stored.delete(key);
    await this.storage.remove(keys);
  }

  private readText(key: string): Promise<string | undefined> {
    return this.storage.read(key).then(
      (bytes) => bytes?.toString('utf8'),
      () => undefined,
    );
  }

  private scheduleAll(name: string, sizes: readonly RenditionSize[], lane: Lane): Promise<string | undefined>[] {
    return sizes.flatMap((size) => RENDITION_FORMATS.map((format) => this.schedule(name, size, format, lane)));
  }

  /** Resolves once nothing is queued or being made (tests wait on it). */
  idle(): Promise<void> {
    if (!this.running && this.waiting.asked.length === 0 && this.waiting.ahead.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  /**
   * For shutdown: what was only to be made ahead and has not started is dropped (it is made when
   * first asked for, as for any original), and what is being made or asked for is finished.
   */
  stop(): Promise<void> {
    for (const job of this.waiting.ahead.splice(0)) {
      this.making.delete(job.target);
      job.settle(Promise.resolve(undefined));
    }
    return this.idle();
  }

  /** Queued at once (so idle() covers it), made unless it is stored by its turn or is being made already. */
  private schedulePlaceholder(name: string, lane: Lane = 'asked'): Promise<string | undefined> {
    const key = placeholderKey(name);
    return this.once(key, lane, async () => (await this.readText(key)) ?? this.makePlaceholder(name, key));
  }

  /** Queued at once (so idle() covers it), made unless it exists by its turn or is being made already. */
  private schedule(
    name: string,
    size: RenditionSize,
    format: RenditionFormat,
    lane: Lane = 'asked',
  ): Promise<string | undefined> {
    const target = this.key(name, size, format);
    return this.once(target, lane, async () => ((await this.exists(target)) ? target : this.make(name, size, format, target)));
  }

  /**
   * Queues `run` in its lane, once for `target` however many ask while it waits or runs; asked
   * for while it waits to be made ahead, it moves to the asked lane.
   */
  private once(target: string, lane: Lane, run: () => Promise<string | undefined>): Promise<string | undefined> {
    const pending = this.making.get(target);
    if (pending) {
      if (lane === 'asked' && pending.lane === 'ahead' && pending !== this.running) {
        this.waiting.ahead.splice(this.waiting.ahead.indexOf(pending), 1);
        pending.lane = 'asked';
        this.waiting.asked.push(pending);
      }
      return pending.made;
    }
    let settle!: Job['settle'];
    const made = new Promise<string | undefined>((resolve) => {
      settle = resolve;
    });
    const job: Job = { target, lane, run, settle, made };
    this.making.set(target, job);
    this.waiting[lane].push(job);
    this.next();
    return made;
  }

  /** Starts the next job, what someone asked for first, when none runs. */
  private next(): void {
    if (this.running) return;
    const job = this.waiting.asked.shift() ?? this.waiting.ahead.shift();
    if (!job) {
      for (const resolve of this.drained.splice(0)) resolve();
      return;
    }
    this.running = job;
    const made = job.run();
    job.settle(made);
    void made
      .catch(() => undefined)
      .finally(() => {
        this.making.delete(job.target);
        this.running = undefined;
        this.next();
      });
  }

  private async make(name: string, size: RenditionSize, format: RenditionFormat, target: string): Promise<string | undefined> {
    try {
      const image = size.height ? await this.framed(name, size.width, size.height) : await this.resized(name, size.width);
      if (!image) return undefined;
      const bytes = await (format === 'avif' ? image.avif({ quality: 50, effort: 2 }) : image.webp({ quality: 72 })).toBuffer();
      await this.storage.write(target, bytes, `image/${format}`);
      this.stored.set(target, true);
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
      await this.storage.write(target, uri, 'text/plain; charset=utf-8');
      return uri;
    } catch {
      return undefined;
    }
  }

  /**
   * The original scaled to cover `width` × `height` and cut to it, the cut placed so the focal
   * point is as near the middle as the picture's edges allow.
   */
  private async framed(name: string, width: number, height: number): Promise<Sharp | undefined> {
    const original = await this.original(name);
    if (!original) return undefined;
    const meta = await (await picture(original)).metadata();
    // Orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const [sourceWidth, sourceHeight] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
    if (!sourceWidth || !sourceHeight) return undefined;
    const scale = Math.max(width / sourceWidth, height / sourceHeight);
    const scaledWidth = Math.max(width, Math.round(sourceWidth * scale));
    const scaledHeight = Math.max(height, Math.round(sourceHeight * scale));
    const focal = (await this.focalPointOf(name)) ?? { x: 0.5, y: 0.5 };
    const place = (point: number, scaled: number, box: number) =>
      Math.min(scaled - box, Math.max(0, Math.round(point * scaled - box / 2)));
    return (await picture(original))
      .rotate()
      .resize(scaledWidth, scaledHeight, { fit: 'fill' })
      .extract({
        left: place(focal.x, scaledWidth, width),
        top: place(focal.y, scaledHeight, height),
        width,
        height,
      });
  }

  /** What sharp reads the original from: its path on this disk, or its bytes from the object store. */
  private async original(name: string): Promise<string | Buffer | undefined> {
    const local = this.storage.localPath(name);
    if (local) return (await this.hasOriginal(name)) ? local : undefined;
    return this.storage.read(name);
  }

  /** The original read and scaled to `width` (never enlarged), or undefined when there is no original. */
  private async resized(name: string, width: number): Promise<Sharp | undefined> {
    const original = await this.original(name);
    if (!original) return undefined;
    return (await picture(original))
      .rotate() // follow the camera's orientation before resizing
      .resize({ width, withoutEnlargement: true });
  }
}
