/**
 * Wide scenes for the home slider (1600×700). The left part stays calm and dark so the slider's
 * title and sub-title stay readable over it; the illustration sits on the right.
 */
import {
  C,
  CLOTH,
  HAIR,
  SKIN,
  at,
  backdrop,
  backView,
  barChart,
  board,
  card,
  cloud,
  coins,
  dashboard,
  donut,
  gear,
  house,
  laptop,
  lines,
  network,
  palm,
  person,
  phone,
  rack,
  rect,
  rng,
  svg,
  tree,
  workstation,
  wrench,
} from './svg.mjs';

const W = 1600;
const H = 700;

/** Darkens the left edge for text contrast. */
const textShade = `<defs><linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#061a33" stop-opacity="0.55"/><stop offset="0.55" stop-color="#061a33" stop-opacity="0"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#shade)"/>`;

export function software() {
  const r = rng(11);
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, C.ink],
        [0.6, C.deep],
        [1, C.blue],
      ],
      [
        [1200, 200, 260, C.teal, 0.45],
        [300, 650, 280, C.sky, 0.25],
      ],
    ) +
      network(r, 0, 0, W, H, 46, C.mint, 0.35) +
      textShade +
      at(820, 170, 1.35, laptop(dashboard(372, 226))) +
      at(1360, 300, 1.15, `<g filter="url(#shadow)">${phone(C.teal)}</g>`) +
      card(
        1250,
        70,
        230,
        150,
        donut(62, 75, 40, [
          [50, C.blue],
          [30, C.teal],
          [20, C.amber],
        ]) + lines(124, 50, [80, 60, 70], C.slate, 22, 8),
      ) +
      card(
        700,
        470,
        250,
        150,
        [0, 1, 2]
          .map(
            (i) =>
              `<circle cx="30" cy="${36 + i * 40}" r="12" fill="${[C.teal, C.amber, C.sky][i]}"/>` +
              lines(52, 30 + i * 40, [120], C.slate) +
              rect(190, 30 + i * 40, 40, 10, [C.teal, C.coral, C.teal][i], 4),
          )
          .join(''),
      ),
  );
}

export function microfinance() {
  const r = rng(23);
  const hills =
    `<path d="M0 560 Q300 520 700 548 T1600 520 L1600 700 L0 700 Z" fill="#2f7d6d"/>` +
    `<path d="M0 620 Q500 580 1000 610 T1600 600 L1600 700 L0 700 Z" fill="#1f6358"/>`;
  const village =
    at(900, 552, 0.6, palm('#1f6358')) +
    at(960, 548, 0.6, house('#f3e9d8', C.coral)) +
    at(1040, 544, 0.75, tree('#1f6358')) +
    at(1110, 540, 0.55, house('#f3e9d8', C.amber)) +
    at(1180, 538, 0.7, palm('#1f6358')) +
    at(1250, 536, 0.6, house('#f3e9d8', C.blue)) +
    at(1330, 532, 0.8, tree('#1f6358')) +
    at(1420, 528, 0.6, house('#f3e9d8', C.coral)) +
    at(1500, 526, 0.75, palm('#1f6358')) +
    at(1570, 524, 0.7, tree('#1f6358'));
  const people = [
    [1100, 690, 1.15, { female: true, shirt: C.coral }],
    [1210, 686, 1.22, { shirt: C.sky }],
    [1320, 690, 1.15, { female: true, shirt: C.amber, wave: true }],
    [1430, 694, 1.1, { shirt: C.plum }],
  ]
    .map(([x, y, s, o], i) => at(x, y, s, person({ skin: SKIN[i + 1], hair: HAIR[i], pants: '#24364d', ...o })))
    .join('');
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, C.ink],
        [0.5, '#0d4d6b'],
        [0.8, '#2f8f86'],
        [1, '#f2c27a'],
      ],
      [[1240, 470, 200, C.gold, 0.55]],
      'dots',
      [0, 0, 0, 1],
    ) +
      `<circle cx="1240" cy="470" r="64" fill="${C.gold}"/>` +
      hills +
      village +
      textShade +
      card(
        760,
        110,
        300,
        190,
        barChart(24, 30, 250, 130, [3, 4, 6, 7, 9, 11], [C.teal, C.sky]) +
          `<path d="M40 120 L120 90 L180 96 L260 30" stroke="${C.amber}" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M248 24 L272 22 L266 46 Z" fill="${C.amber}"/>`,
      ) +
      at(880, 668, 1, coins(6)) +
      at(950, 670, 1, coins(4)) +
      people +
      network(r, 1100, 20, 500, 200, 12, C.mint, 0.3),
  );
}

export function training() {
  const audience = [];
  const r = rng(5);
  for (let row = 0; row < 2; row++)
    for (let i = 0; i < 7; i++) {
      const x = 760 + i * 120 + (row ? 60 : 0);
      const y = row ? 720 : 640;
      if (row === 0 && i === 6) continue;
      audience.push(at(x, y, row ? 1.35 : 1.1, backView(HAIR[(i + row) % 4], CLOTH[(i * 3 + row) % CLOTH.length], r() > 0.5)));
    }
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, C.ink],
        [0.5, C.navy],
        [1, '#1a4f8f'],
      ],
      [
        [1150, 250, 300, C.sky, 0.35],
        [1500, 650, 200, C.teal, 0.3],
      ],
    ) +
      textShade +
      rect(760, 470, 820, 12, '#0e2c52', 4) +
      at(840, 90, 1, board(560, 330)) +
      at(1490, 470, 1.45, person({ skin: SKIN[2], hair: HAIR[1], shirt: C.teal, pants: C.navy, wave: true })) +
      audience.join(''),
  );
}

export function datacenter() {
  const r = rng(41);
  const racks = [0, 1, 2, 3, 4]
    .map((i) => {
      const s = 1 - i * 0.13;
      const x = 860 + i * (170 - i * 14);
      return at(x, 620 - 380 * s, s, rack(r));
    })
    .reverse()
    .join('');
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#030e1f'],
        [0.6, C.ink],
        [1, '#0b2f5c'],
      ],
      [
        [1150, 600, 320, C.teal, 0.4],
        [1350, 150, 220, C.sky, 0.35],
      ],
    ) +
      network(r, 0, 0, W, 330, 40, C.mint, 0.4) +
      textShade +
      `<path d="M700 620 L1600 620 L1600 700 L700 700 Z" fill="#081a33"/>` +
      `<ellipse cx="1150" cy="625" rx="460" ry="30" fill="${C.mint}" fill-opacity="0.18" filter="url(#glow)"/>` +
      racks +
      at(1460, 200, 1.1, cloud(C.white, 0.9)) +
      at(
        1460,
        190,
        0.45,
        `<path d="M0 -40 L0 30 M-24 -14 L0 -40 L24 -14" stroke="${C.blue}" stroke-width="12" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      ),
  );
}

export function hardware() {
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, C.ink],
        [0.6, '#2a2370'],
        [1, C.plum],
      ],
      [
        [1200, 300, 280, C.sky, 0.35],
        [1500, 80, 160, C.coral, 0.3],
      ],
    ) +
      textShade +
      rect(780, 560, 640, 16, '#1a1650', 6) +
      rect(800, 576, 14, 110, '#1a1650', 4) +
      rect(1386, 576, 14, 110, '#1a1650', 4) +
      at(860, 560, 1.4, workstation(C.teal)) +
      at(1490, 690, 1.4, person({ skin: SKIN[0], hair: HAIR[2], shirt: C.sky, pants: C.navy, wave: true })) +
      at(1380, 170, 1, gear(60, C.amber, 10)) +
      at(1480, 250, 1, gear(38, C.mint, 8)) +
      at(1270, 290, 0.9, `<g transform="rotate(35)">${wrench(C.coral)}</g>`),
  );
}

/** The Open Graph preview: brand mark, name and tagline on the software scene's colours. */
export function ogImage(mark) {
  const r = rng(3);
  return svg(
    1200,
    630,
    '',
    backdrop(
      1200,
      630,
      'bg',
      [
        [0, C.ink],
        [0.6, C.deep],
        [1, C.blue],
      ],
      [[950, 150, 240, C.teal, 0.45]],
    ) +
      network(r, 0, 0, 1200, 630, 36, C.mint, 0.3) +
      at(90, 200, 1.6, mark) +
      `<text x="90" y="420" font-family="Liberation Sans, Arial, sans-serif" font-weight="700" font-size="64" fill="#fff">Meridian Systems</text>` +
      `<text x="90" y="480" font-family="Liberation Sans, Arial, sans-serif" font-size="34" fill="${C.mint}">&amp; Microfinance</text>` +
      `<text x="90" y="550" font-family="Liberation Sans, Arial, sans-serif" font-size="26" fill="#cfe0f3">Micro-banking software · IT training · Networks since 2002</text>`,
  );
}
