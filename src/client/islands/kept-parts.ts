/**
 * Parts of an islands document kept between renders (server only). The header and the footer are
 * six tenths of a page's elements (the mega-menu's columns, the contact lines, the subscribe box),
 * and a write to a page or a slide changes neither: a page made again after it reuses their markup
 * from the render before, instead of running React and Mantine over them again (issue #35).
 *
 * A part is drawn from its inputs alone (KeptPart.tsx says what that asks of it), so its markup is
 * kept under a digest of those inputs' JSON: the same inputs, the same markup. React cannot emit a string
 * as it is, so the render marks each part with an empty `<template>` (the kept one's place, or
 * where a new one begins and ends), and `finish` puts kept markup in and keeps the new.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { IslandServer } from './Island';
import { PART_MARKS } from './KeptPart';

/** What the render draws for a part: its kept markup's place, or the part itself between two marks. */
export type PartSlot = { kept: true; id: number } | { kept: false; id: number; islands: IslandServer };

/** A mark for part `id`, as React writes it. */
const partMark = Object.fromEntries(
  Object.entries(PART_MARKS).map(([mark, attribute]) => [mark, (id: number) => `<template ${attribute}="${id}"></template>`]),
) as Record<keyof typeof PART_MARKS, (id: number) => string>;

export class KeptParts {
  /** Markup by its part's key, bounded by characters (keys counted). */
  private readonly markup: LRUCache<string, string>;

  /** `maxChars`: the header is about 20 KB per address, so the default holds it for some 150 of them. */
  constructor(maxChars = 3_000_000) {
    this.markup = new LRUCache({ maxSize: maxChars, sizeCalculation: (html, key) => html.length + key.length || 1 });
  }

  /**
   * The parts of one render. `build` names the build it renders with (a part's islands name the
   * build's files); `keep: false` reuses and keeps nothing (a page drawn for one visitor's form post
   * holds their words).
   */
  forRender(islands: IslandServer, build: string, keep = true): RenderParts {
    return new RenderParts(this.markup, islands, build, keep);
  }

  /** Parts kept (tests). */
  get size(): number {
    return this.markup.size;
  }
}

export class RenderParts {
  /** Each part opened, in the order the render met them: its key, and its markup if kept. */
  private readonly opened: { key: string; kept: string | undefined }[] = [];

  constructor(
    private readonly markup: LRUCache<string, string>,
    private readonly islands: IslandServer,
    private readonly build: string,
    private readonly keep: boolean,
  ) {}

  /** Where part `name` drawn from `inputs` goes: kept markup, or a render of its own. */
  open(name: string, inputs: unknown): PartSlot {
    // The inputs' digest, not their JSON (the header's is about 8 KB: the settings and the menus).
    const key = `${this.build}\u0000${name}\u0000${createHash('sha256').update(JSON.stringify(inputs)).digest('base64url')}`;
    const kept = this.keep ? this.markup.get(key) : undefined;
    const id = this.opened.push({ key, kept }) - 1;
    if (kept !== undefined) return { kept: true, id };
    // Its islands are numbered on their own, so kept markup's ids are the same in every document it goes into.
    let count = 0;
    return { kept: false, id, islands: { ...this.islands, nextId: () => `${name}${(count++).toString(36)}-` } };
  }

  /** The document with each kept part in its place and no marks; the new parts kept. */
  finish(html: string): string {
    let out = html;
    this.opened.forEach(({ key, kept }, id) => {
      if (kept !== undefined) {
        out = out.replace(partMark.kept(id), () => kept);
        return;
      }
      const start = out.indexOf(partMark.start(id));
      const end = out.indexOf(partMark.end(id), start);
      if (start < 0 || end < 0) throw new Error(`part ${id} (${key.split('\u0000')[1]}) left no marks in the document`);
      const part = out.slice(start + partMark.start(id).length, end);
      if (this.keep) this.markup.set(key, part);
      out = out.slice(0, start) + part + out.slice(end + partMark.end(id).length);
    });
    return out;
  }
}
