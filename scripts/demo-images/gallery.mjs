/** Event and workplace scenes (1200×800) for the gallery, drawn like editorial illustrations. */
import {
  C,
  CLOTH,
  HAIR,
  SKIN,
  at,
  backView,
  backdrop,
  bank,
  board,
  building,
  circle,
  cloud,
  dashboard,
  laptop,
  lin,
  network,
  palm,
  person,
  rack,
  rect,
  rng,
  svg,
  tower,
  tree,
  trophy,
  workstation,
} from './svg.mjs';

const W = 1200;
const H = 800;

/** Rows of people seen from behind, from the back row (small, high) to the front row. */
function audience(r, rows, y0, scale0) {
  let out = '';
  for (let row = 0; row < rows; row++) {
    const s = scale0 + row * 0.22;
    const step = 96 * s;
    const y = y0 + row * 70 * s;
    for (let x = (row % 2) * step * 0.5 - 20; x < W + 40; x += step)
      out += at(
        x.toFixed(0),
        y.toFixed(0),
        s,
        backView(HAIR[Math.floor(r() * 4)], CLOTH[Math.floor(r() * CLOTH.length)], r() > 0.5),
      );
  }
  return out;
}

const spotlight = (x, color = '#ffffff') =>
  `<defs>${lin(
    `beam${x}`,
    [
      [0, color, 0.35],
      [1, color, 0],
    ],
    [0, 0, 0, 1],
  )}</defs><path d="M${x - 20} 0 L${x + 20} 0 L${x + 170} 560 L${x - 170} 560 Z" fill="url(#beam${x})"/>`;

export function conference() {
  const r = rng(101);
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#050f22'],
        [1, '#0d2c55'],
      ],
      [[600, 250, 300, C.sky, 0.35]],
      null,
      [0, 0, 0, 1],
    ) +
      spotlight(200) +
      spotlight(1000) +
      rect(230, 70, 740, 400, '#0a1f3d', 10) +
      at(250, 90, 1, `<svg width="700" height="360">${dashboard(700, 360, C.teal)}</svg>`) +
      rect(0, 500, W, 40, '#1b3a66') +
      rect(0, 540, W, 260, '#08162b') +
      audience(r, 3, 640, 1.0),
  );
}

export function classroom() {
  const r = rng(102);
  let desks = '';
  for (let row = 0; row < 2; row++)
    for (let i = 0; i < 4; i++) {
      const x = 190 + i * 250 + row * 40;
      const y = 600 + row * 150;
      desks +=
        at(x, y, 1 + row * 0.25, backView(HAIR[(i + row) % 4], CLOTH[(i * 2 + row) % CLOTH.length], r() > 0.5)) +
        rect(x - 90 - row * 10, y, 190 + row * 20, 16, '#8a6a4a', 4);
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
        [0, '#f5efe6'],
        [1, '#e8dccb'],
      ],
      [[600, 200, 300, C.white, 0.6]],
      null,
    ) +
      rect(0, 520, W, 280, '#d7c4a8') +
      at(200, 90, 1, board(620, 340)) +
      at(960, 520, 1.6, person({ skin: SKIN[2], hair: HAIR[1], shirt: C.teal, pants: C.navy, wave: true })) +
      desks,
  );
}

export function aisle() {
  const r = rng(103);
  // Nearest racks first in the list; drawn from the farthest so nearer ones overlap them.
  const placed = [
    [20, 1.25],
    [200, 0.98],
    [322, 0.78],
    [405, 0.63],
    [462, 0.52],
  ];
  const racks = placed
    .reverse()
    .map(([x, s]) => {
      const bottom = 470 + (300 * (s - 0.4)) / 0.85;
      return at(x, bottom - 380 * s, s, rack(r)) + at(W - x - 150 * s, bottom - 380 * s, s, rack(r));
    })
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
        [0, '#030c1c'],
        [1, '#0a2346'],
      ],
      [[600, 420, 220, C.mint, 0.35]],
      null,
      [0, 0, 0, 1],
    ) +
      `<path d="M0 800 L520 460 L680 460 L1200 800 Z" fill="#0c2545"/>` +
      [0, 1, 2, 3, 4]
        .map(
          (i) =>
            `<path d="M${600 - 20 - i * 90} 800 L${590 - i * 4} 460" stroke="${C.mint}" stroke-opacity="0.12" stroke-width="3"/><path d="M${620 + i * 90} 800 L${610 + i * 4} 460" stroke="${C.mint}" stroke-opacity="0.12" stroke-width="3"/>`,
        )
        .join('') +
      racks +
      network(r, 300, 20, 600, 160, 16, C.mint, 0.35),
  );
}

const bunting = (x1, x2, y) => {
  const n = Math.floor((x2 - x1) / 44);
  return (
    `<path d="M${x1} ${y} Q${(x1 + x2) / 2} ${y + 40} ${x2} ${y}" stroke="#ffffff" stroke-width="2" fill="none"/>` +
    Array.from({ length: n }, (_, i) => {
      const t = (i + 0.5) / n;
      const x = x1 + (x2 - x1) * t;
      const yy = y + 40 * 2 * t * (1 - t) * 2;
      return `<path d="M${x - 14} ${yy} L${x + 14} ${yy} L${x} ${yy + 30} Z" fill="${[C.coral, C.gold, C.teal, C.sky][i % 4]}"/>`;
    }).join('')
  );
};

export function branchLaunch() {
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#bfe3f7'],
        [1, '#eaf6fd'],
      ],
      [[900, 140, 160, C.gold, 0.5]],
      null,
      [0, 0, 0, 1],
    ) +
      circle(960, 130, 56, C.gold) +
      at(220, 240, 1.2, cloud(C.white, 0.9)) +
      rect(0, 620, W, 180, '#b7c9a8') +
      rect(0, 610, W, 16, '#9db48d') +
      at(380, 620, 1.8, bank(C.white, C.blue)) +
      bunting(300, 900, 250) +
      [
        [260, { female: true, shirt: C.coral }],
        [360, { shirt: C.navy, suit: true }],
        [640, { female: true, shirt: C.amber, wave: true }],
        [760, { shirt: C.sky }],
        [880, { female: true, shirt: C.plum }],
        [980, { shirt: C.teal, wave: true }],
      ]
        .map(([x, o], i) => at(x, 760, 1.3, person({ skin: SKIN[i % 5], hair: HAIR[i % 4], pants: '#24364d', ...o })))
        .join(''),
  );
}

export function fieldVisit() {
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#9ed6e8'],
        [0.7, '#e6f4e0'],
        [1, '#f7e9c8'],
      ],
      [[300, 140, 160, C.gold, 0.4]],
      null,
      [0, 0, 0, 1],
    ) +
      `<path d="M0 520 Q300 470 600 500 T1200 480 L1200 800 L0 800 Z" fill="#7cbf6e"/>` +
      `<path d="M0 640 Q400 590 800 640 T1200 620 L1200 680 Q800 700 400 690 T0 700 Z" fill="#6fb4d8"/>` +
      `<path d="M0 700 L1200 680 L1200 800 L0 800 Z" fill="#5aa55a"/>` +
      at(120, 520, 1.2, palm('#2f7d4a')) +
      at(
        260,
        510,
        1.1,
        (() =>
          `<g>${rect(-60, -80, 120, 80, '#f3e9d8', 3)}<path d="M-76 -76 L0 -130 L76 -76 Z" fill="#9b5a3c"/>${rect(-14, -44, 28, 44, '#9b5a3c')}</g>`)(),
      ) +
      at(420, 505, 1.3, tree('#2f7d4a')) +
      at(1050, 490, 1.3, palm('#2f7d4a')) +
      [
        [560, { female: true, shirt: C.coral }],
        [660, { female: true, shirt: C.amber }],
        [760, { female: true, shirt: C.teal, wave: true }],
        [880, { shirt: C.white, pants: C.navy }],
      ]
        .map(([x, o], i) => at(x, 760, 1.4, person({ skin: SKIN[(i + 2) % 5], hair: HAIR[i % 4], ...o })))
        .join('') +
      at(
        900,
        620,
        0.5,
        `<g transform="rotate(-10)"><rect x="-60" y="-80" width="120" height="160" rx="12" fill="#1d2a3b"/><rect x="-52" y="-70" width="104" height="140" rx="6" fill="${C.mist}"/><rect x="-40" y="-56" width="80" height="16" rx="4" fill="${C.teal}"/></g>`,
      ),
  );
}

export function hardwareLab() {
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#eef2f8'],
        [1, '#d6e0ee'],
      ],
      [[600, 300, 300, C.white, 0.6]],
      'dotsDark',
    ) +
      rect(0, 560, W, 240, '#c3cfdf') +
      rect(40, 540, 1120, 22, '#5b7089', 6) +
      rect(60, 562, 16, 200, '#5b7089') +
      rect(1124, 562, 16, 200, '#5b7089') +
      at(90, 540, 1.05, workstation(C.teal)) +
      at(640, 540, 1.05, workstation(C.coral)) +
      at(500, 760, 1.5, person({ skin: SKIN[0], hair: HAIR[2], shirt: C.sky, pants: C.navy })) +
      at(1040, 760, 1.5, person({ skin: SKIN[3], hair: HAIR[1], shirt: C.amber, female: true, wave: true })) +
      rect(130, 150, 360, 200, C.white, 10, 'filter="url(#soft)"') +
      at(150, 170, 1, `<svg width="320" height="160">${dashboard(320, 160, C.teal)}</svg>`),
  );
}

export function towerInstall() {
  const r = rng(107);
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#1d4f91'],
        [0.7, '#6fa8dc'],
        [1, '#f7d9a8'],
      ],
      [[900, 600, 220, C.gold, 0.4]],
      null,
      [0, 0, 0, 1],
    ) +
      at(200, 200, 1.3, cloud(C.white, 0.85)) +
      at(980, 160, 0.9, cloud(C.white, 0.7)) +
      network(r, 0, 0, W, 300, 14, C.white, 0.25) +
      at(160, 800, 1, building(200, 260, '#2c4a70', '#f7d9a8', r)) +
      at(980, 800, 1, building(180, 220, '#2c4a70', '#f7d9a8', r)) +
      rect(380, 560, 440, 240, '#35567f') +
      at(600, 560, 3.0, tower(C.white, C.gold)) +
      at(470, 560, 0.7, person({ skin: SKIN[1], hair: HAIR[0], shirt: C.amber, pants: C.navy })) +
      at(740, 560, 0.7, person({ skin: SKIN[3], hair: HAIR[2], shirt: C.amber, pants: C.navy, wave: true })),
  );
}

export function awards() {
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#1a0f3d'],
        [1, '#3a237a'],
      ],
      [[600, 300, 280, C.gold, 0.35]],
      null,
      [0, 0, 0, 1],
    ) +
      spotlight(600, C.gold) +
      rect(0, 600, W, 200, '#140b30') +
      rect(100, 580, 1000, 30, '#2a1a5c', 6) +
      at(600, 560, 1.6, trophy()) +
      rect(520, 560, 160, 40, C.navy) +
      at(380, 600, 1.6, person({ skin: SKIN[2], hair: HAIR[3], shirt: C.coral, pants: C.navy, suit: true })) +
      at(820, 600, 1.6, person({ skin: SKIN[1], hair: HAIR[0], shirt: C.teal, female: true, wave: true })) +
      Array.from({ length: 40 }, (_, i) =>
        circle((i * 97) % W, (i * 53) % 500, 2 + (i % 3), [C.gold, C.mint, C.coral][i % 3], 'fill-opacity="0.7"'),
      ).join(''),
  );
}

export function team() {
  const r = rng(109);
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, '#dcecf9'],
        [1, '#f4f9fd'],
      ],
      [[600, 200, 300, C.white, 0.6]],
      null,
      [0, 0, 0, 1],
    ) +
      at(120, 600, 1, building(260, 420, '#5d86b8', '#dcecf9', r)) +
      at(420, 600, 1, building(340, 520, C.blue, '#bcd7f2', r)) +
      at(800, 600, 1, building(280, 380, '#3e7cb1', '#dcecf9', r)) +
      rect(0, 600, W, 200, '#c9d6e3') +
      at(80, 600, 1.2, tree(C.leaf)) +
      at(1120, 600, 1.2, tree(C.leaf)) +
      [0, 1, 2, 3, 4, 5, 6]
        .map((i) =>
          at(
            210 + i * 130,
            770,
            1.45,
            person({
              skin: SKIN[i % 5],
              hair: HAIR[i % 4],
              shirt: CLOTH[i % CLOTH.length],
              pants: '#24364d',
              female: i % 2 === 1,
              suit: i === 3,
              wave: i === 5,
            }),
          ),
        )
        .join(''),
  );
}

export function softwareLaunch() {
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
        [1, C.deep],
      ],
      [[800, 300, 300, C.teal, 0.4]],
    ) +
      at(180, 200, 1.6, laptop(dashboard(372, 226, C.teal))) +
      at(940, 560, 1.5, person({ skin: SKIN[2], hair: HAIR[1], shirt: C.white, pants: C.navy, suit: true, wave: true })) +
      rect(0, 640, W, 160, '#061a33'),
  );
}
