/** Head-and-shoulders portraits (600×600) for the leadership profiles, and a signature. */
import { C, backdrop, circle, rect, shade, svg } from './svg.mjs';

/**
 * One portrait. `attire` 'suit' draws a jacket, shirt and tie; 'saree' a draped border over one
 * shoulder; 'kurta' a collarless tunic with a placket.
 */
export function portrait({ bg, skin, hair, attire, cloth, accent, long = false, grey = false, glasses = false }) {
  const hairColor = grey ? '#8c8f96' : hair;
  const body =
    `<path d="M70 600 Q80 470 190 440 L260 420 L340 420 L410 440 Q520 470 530 600 Z" fill="${cloth}"/>` +
    (attire === 'suit'
      ? `<path d="M262 420 L300 520 L338 420 Z" fill="#f4f6fa"/>` +
        `<path d="M291 440 L309 440 L314 520 L300 540 L286 520 Z" fill="${accent}"/>` +
        `<path d="M262 420 L230 450 L280 560 L300 520 Z M338 420 L370 450 L320 560 L300 520 Z" fill="${shade(cloth, -0.25)}"/>`
      : attire === 'saree'
        ? `<path d="M330 422 Q420 440 470 520 L440 600 L360 600 Q380 520 300 470 Z" fill="${accent}"/>` +
          `<path d="M330 422 Q420 440 470 520" stroke="${C.gold}" stroke-width="10" fill="none"/>`
        : `<path d="M270 420 Q300 450 330 420 Z" fill="${shade(cloth, -0.2)}"/>` +
          rect(296, 440, 8, 90, shade(cloth, -0.2), 4) +
          [460, 490, 520].map((y) => circle(300, y, 4, accent)).join(''));
  const hairBack = long ? `<path d="M210 230 Q200 380 230 440 L370 440 Q400 380 390 230 Z" fill="${hairColor}"/>` : '';
  const hairTop = long
    ? `<path d="M218 250 Q210 150 300 146 Q390 150 382 250 Q360 190 300 196 Q250 196 218 250 Z" fill="${hairColor}"/>`
    : `<path d="M222 236 Q214 150 300 148 Q386 150 378 236 Q370 196 340 190 Q300 202 258 188 Q230 200 222 236 Z" fill="${hairColor}"/>`;
  return svg(
    600,
    600,
    '',
    backdrop(
      600,
      600,
      'bg',
      [
        [0, bg[0]],
        [1, bg[1]],
      ],
      [[460, 140, 160, C.white, 0.35]],
      'dots',
    ) +
      circle(300, 320, 230, C.white, 'fill-opacity="0.12"') +
      hairBack +
      body +
      `<path d="M270 360 L270 430 Q300 446 330 430 L330 360 Z" fill="${shade(skin, -0.15)}"/>` +
      `<ellipse cx="222" cy="270" rx="14" ry="22" fill="${shade(skin, -0.08)}"/><ellipse cx="378" cy="270" rx="14" ry="22" fill="${shade(skin, -0.08)}"/>` +
      `<ellipse cx="300" cy="262" rx="78" ry="98" fill="${skin}"/>` +
      hairTop +
      face(skin) +
      (glasses
        ? `<g stroke="#1b2636" stroke-width="5" fill="#ffffff" fill-opacity="0.15"><rect x="246" y="250" width="46" height="32" rx="10"/><rect x="308" y="250" width="46" height="32" rx="10"/><path d="M292 264 L308 264" fill="none"/></g>`
        : ''),
  );
}

/** Quiet features: eyes, brows, nose and a gentle smile. */
const face = (skin) =>
  `<ellipse cx="273" cy="268" rx="6" ry="7" fill="#1b1410"/><ellipse cx="327" cy="268" rx="6" ry="7" fill="#1b1410"/>` +
  `<path d="M258 246 Q272 238 286 245 M314 245 Q328 238 342 246" stroke="#2a1c14" stroke-width="5" fill="none" stroke-linecap="round"/>` +
  `<path d="M300 274 Q296 296 304 300" stroke="${shade(skin, -0.25)}" stroke-width="4" fill="none" stroke-linecap="round"/>` +
  `<path d="M280 318 Q300 334 320 318" stroke="#6b3a2a" stroke-width="5" fill="none" stroke-linecap="round"/>`;

/** A flowing handwritten-style signature on a transparent background. */
export const signature = () =>
  svg(
    480,
    160,
    '',
    `<path d="M30 110 C50 40 80 30 78 70 C76 110 60 120 70 90 C80 60 110 50 110 90 C110 120 130 70 150 72 C170 74 150 112 172 100 C194 88 196 60 214 64 C232 68 214 110 236 104 C262 96 262 50 290 56 C314 62 286 112 316 100 C340 90 350 66 372 70 C392 74 380 104 400 96 C420 88 430 76 450 78" stroke="${C.navy}" stroke-width="4.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M60 128 C160 118 300 122 440 112" stroke="${C.navy}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  );
