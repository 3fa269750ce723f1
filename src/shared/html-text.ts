/**
 * Stored HTML as plain text, for excerpts, cards and meta descriptions: tags removed (script and
 * style with their bodies), block tags turned into spaces so words do not run together, entities
 * decoded, whitespace collapsed. One forward pass: HTML fields hold up to 500,000 characters of
 * anyone's markup, and a backtracking pattern such as /<[^>]*>/g takes quadratic time on a run of
 * unclosed '<' (seconds per request, with the whole server waiting).
 */

/** The few named entities every runtime knows without a table (the rest: decodeNamedEntitiesWith). */
const COMMON_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

/** A named entity (`&eacute;`) as text, or undefined when it names none. */
type NamedEntityDecoder = (entity: string) => string | undefined;
let decodeNamed: NamedEntityDecoder = (entity) => COMMON_ENTITIES[entity.slice(1, -1).toLowerCase()];

/**
 * Every HTML named entity, from the runtime's own table: the `entities` package on the server
 * (entry-server.tsx), the browser's parser in the browser (client/ui/entity-decoding.ts), so both
 * render the same text and visitors download no table.
 */
export function decodeNamedEntitiesWith(decoder: NamedEntityDecoder): void {
  decodeNamed = decoder;
}

/** Linear: each '&' starts at most one match, and matches never overlap. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return decodeNamed(whole) ?? whole;
  });
}

const BLOCK_TAGS = new Set(['p', 'div', 'br', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr', 'td', 'section', 'article']);
const SKIPPED_BODIES = new Set(['script', 'style']);

/** The tag name at the start of a tag's inside (`/p class="x"` → `p`), lower-cased. */
function tagName(inside: string): string {
  let start = inside.startsWith('/') ? 1 : 0;
  let end = start;
  while (end < inside.length && /[a-zA-Z0-9]/.test(inside[end]!)) end++;
  if (end === start || !/[a-zA-Z]/.test(inside[start]!)) start = end;
  return inside.slice(start, end).toLowerCase();
}

/**
 * The text of `html`. A '<' that opens no tag, or that no '>' closes, is text, as browsers show it. Every search
 * moves forward, and a body end that was not found is never searched for again, so the whole run is
 * linear in the length of the input.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const lower = html.toLowerCase();
  const missingEnd = new Set<string>();
  const parts: string[] = [];
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    if (open < 0) break;
    // Only '<' followed by a letter, '/', '!' or '?' opens a tag; '1 < 2' is text.
    if (!/[a-zA-Z/!?]/.test(html[open + 1] ?? '')) {
      parts.push(html.slice(i, open + 1));
      i = open + 1;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close < 0) break;
    parts.push(html.slice(i, open));
    const inside = html.slice(open + 1, close);
    const name = tagName(inside);
    i = close + 1;
    if (SKIPPED_BODIES.has(name) && !inside.startsWith('/') && !missingEnd.has(name)) {
      const end = lower.indexOf(`</${name}`, i);
      if (end < 0) {
        missingEnd.add(name);
      } else {
        const endClose = html.indexOf('>', end);
        i = endClose < 0 ? html.length : endClose + 1;
      }
      parts.push(' ');
    } else if (BLOCK_TAGS.has(name)) {
      parts.push(' ');
    }
  }
  parts.push(html.slice(i));
  return decodeEntities(parts.join('')).replace(/\s+/g, ' ').trim();
}
