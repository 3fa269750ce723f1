/**
 * The brand: a rounded-square mark (an "M" drawn as a rising line through two network nodes)
 * used by the logo, the app icons, the favicon and the fallback thumbnail.
 */
import { C, at, backdrop, circle, lin, rect, svg } from './svg.mjs';

const FONT = 'Liberation Sans, Arial, Helvetica, sans-serif';

/** The mark in a 100×100 box; `square` false drops the tile for a full-bleed (maskable) icon. */
export function mark(square = true) {
  return (
    `<defs>${lin('markG', [
      [0, C.blue],
      [1, C.teal],
    ])}</defs>` +
    (square ? rect(0, 0, 100, 100, 'url(#markG)', 24) : '') +
    `<path d="M22 74 L22 30 L50 58 L78 30 L78 74" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
    circle(22, 30, 8, C.gold) +
    circle(78, 30, 8, C.gold) +
    circle(50, 58, 6.5, C.white)
  );
}

/** Header/footer logo, 360×96 on a transparent background. */
export function logo(light = false) {
  const name = light ? C.white : C.navy;
  const sub = light ? C.mint : C.teal;
  return svg(
    360,
    96,
    '',
    at(8, 8, 0.8, mark()) +
      `<text x="102" y="52" font-family="${FONT}" font-weight="700" font-size="38" letter-spacing="-0.5" fill="${name}">Meridian</text>` +
      `<text x="104" y="76" font-family="${FONT}" font-weight="700" font-size="13.4" letter-spacing="1.6" fill="${sub}">SYSTEMS &amp; MICROFINANCE</text>`,
  );
}

/** Square app icon: the mark filling the canvas (transparent corners). */
export const icon = (size) => svg(size, size, '', at(0, 0, size / 100, mark()));

/** Maskable icon: full-bleed brand gradient, the glyph kept inside the central 60 % safe zone. */
export const maskable = (size) =>
  svg(size, size, '', at(0, 0, size / 100, rect(0, 0, 100, 100, 'url(#markG)') + at(10, 10, 0.8, mark(false))));

/** Fallback thumbnail for a widget without an image: a quiet picture glyph and a faint mark. */
export const defaultThumb = () =>
  svg(
    800,
    500,
    '',
    backdrop(
      800,
      500,
      'bg',
      [
        [0, '#f1f6fc'],
        [1, '#dde9f6'],
      ],
      [],
      'dotsDark',
    ) +
      rect(300, 160, 200, 150, C.white, 18, 'filter="url(#soft)"') +
      circle(352, 210, 16, C.gold) +
      `<path d="M318 292 L372 238 L404 268 L438 226 L484 292 Z" fill="${C.slate}"/>` +
      `<g opacity="0.5">${at(380, 340, 0.4, mark())}</g>`,
  );
