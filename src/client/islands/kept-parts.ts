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
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { IslandServer } from './Island';
import { PART_MARKS } from './KeptPart';

/** What the render draws for a part: its kept markup's place, or the part itself between two marks. */
export type PartSlot = { kept: true; id: number } | { kept: false; id: number; islands: IslandServer };

/** Every mark a render leaves, as React writes it: which mark, and whose. */
const MARKS = new RegExp(`<template (${Object.values(PART_MARKS).join('|')})="(\\d+)"></template>`, 'g');

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
    const key = `${this.build}\u0000${name}\u0000${hash('sha256', JSON.stringify(inputs), 'base64url')}`;
    const kept = this.keep ? this.markup.get(key) : undefined;
    const id = this.opened.push({ key, kept }) - 1;
    if (kept !== undefined) return { kept: true, id };
    // Its islands are numbered on their own, so kept markup's ids are the same in every document it goes into.
    let count = 0;
    return { kept: false, id, islands: { ...this.islands, nextId: () => `${name}${(count++).toString(36)}-` } };
  }

  /**
   * The document with each kept part in its place and no marks; the new parts kept. One pass over
   * the document, in the order the marks come: a new part's markup is what lies between its two
   * marks, any part inside it already in place.
   */
  finish(html: string): string {
    const pieces: string[] = [];
    /** Where the document was last cut, and each new part's start (the index in `pieces` its markup begins at). */
    let cut = 0;
    const starts = new Map<number, number>();
    const placed = new Set<number>();
    for (const match of html.matchAll(MARKS)) {
      const [mark, attribute, number] = match;
      const id = Number(number);
      const part = this.opened[id];
      if (!part) throw new Error(`a mark names part ${id}, which this render did not open`);
      pieces.push(html.slice(cut, match.index));
      cut = match.index + mark.length;
      if (attribute === PART_MARKS.kept) {
        pieces.push(part.kept!);
        placed.add(id);
      } else if (attribute === PART_MARKS.start) starts.set(id, pieces.length);
      else {
        const from = starts.get(id);
        if (from === undefined) throw new Error(`part ${id} ends where it did not begin`);
        if (this.keep) this.markup.set(part.key, pieces.slice(from).join(''));
        placed.add(id);
      }
    }
    pieces.push(html.slice(cut));
    this.opened.forEach(({ key }, id) => {
      if (!placed.has(id)) throw new Error(`part ${id} (${key.split('\u0000')[1]}) left no marks in the document`);
    });
    return pieces.join('');
  }
}
