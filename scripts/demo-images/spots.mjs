/**
 * Spot illustrations (800×500) for section, widget and post thumbnails: one subject on a light
 * tinted backdrop. Each function takes a theme so the same subject can appear in other colours
 * (posts reuse subjects of the services they report on).
 */
import {
  C,
  CLOTH,
  HAIR,
  SKIN,
  at,
  backView,
  backdrop,
  bank,
  barChart,
  board,
  building,
  card,
  checklist,
  circle,
  cloud,
  coins,
  dashboard,
  donut,
  gear,
  headset,
  house,
  jar,
  laptop,
  lineChart,
  lines,
  network,
  newspaper,
  palm,
  person,
  phone,
  pin,
  rack,
  rect,
  rng,
  shield,
  shop,
  sprout,
  svg,
  target,
  tower,
  tree,
  trophy,
  workstation,
  wrench,
} from './svg.mjs';

export const THEMES = {
  blue: ['#f1f7fe', '#d9e8fa', C.sky],
  teal: ['#effbf8', '#d0efe8', C.teal],
  amber: ['#fffaf0', '#fde8c6', C.amber],
  coral: ['#fff4f2', '#fbdad6', C.coral],
  plum: ['#f5f3ff', '#e1dcfb', C.plum],
  night: [C.ink, C.deep, C.teal],
};

const W = 800;
const H = 500;

/** The common frame: backdrop, a soft disc behind the subject and a few floating accents. */
function spot(theme, seed, body) {
  const [a, b, accent] = THEMES[theme];
  const r = rng(seed);
  const dark = theme === 'night';
  const accents = Array.from({ length: 5 }, (_, i) => {
    const x = 60 + r() * 680;
    const y = 40 + r() * 120 + (i % 2) * 300;
    return i % 2
      ? circle(
          x.toFixed(0),
          y.toFixed(0),
          (6 + r() * 10).toFixed(0),
          'none',
          `stroke="${accent}" stroke-width="4" stroke-opacity="0.5"`,
        )
      : `<path d="M${x - 9} ${y} h18 M${x} ${y - 9} v18" stroke="${accent}" stroke-width="4" stroke-linecap="round" stroke-opacity="0.55"/>`;
  }).join('');
  return svg(
    W,
    H,
    '',
    backdrop(
      W,
      H,
      'bg',
      [
        [0, a],
        [1, b],
      ],
      [[620, 120, 160, accent, dark ? 0.45 : 0.25]],
      dark ? 'dots' : 'dotsDark',
    ) +
      circle(400, 270, 200, accent, `fill-opacity="${dark ? 0.18 : 0.16}"`) +
      rect(120, 452, 560, 10, accent, 5, 'fill-opacity="0.18"') +
      accents +
      body,
  );
}

const codeScreen = () => {
  const r = rng(8);
  const palette = [C.mint, C.gold, C.sky, C.coral, '#c4d4e6'];
  let rows = '';
  for (let i = 0; i < 11; i++) {
    const indent = [0, 1, 2, 2, 1, 2, 3, 3, 2, 1, 0][i] * 18;
    let x = 40 + indent;
    for (let k = 0; k < 3; k++) {
      const w = 20 + r() * 60;
      rows += rect(x.toFixed(0), 16 + i * 18, w.toFixed(0), 7, palette[(i + k) % palette.length], 3);
      x += w + 10;
    }
  }
  return rect(0, 0, 372, 226, '#0f2240') + rect(0, 0, 26, 226, '#0b1a33') + rows;
};

export const software = (theme = 'blue', seed = 1) =>
  spot(
    theme,
    seed,
    at(190, 150, 1.05, laptop(codeScreen())) +
      card(560, 90, 150, 110, at(75, 55, 1, gear(34, C.teal, 9))) +
      card(90, 300, 170, 90, lines(20, 24, [120, 90, 110], C.slate, 18, 8)),
  );

export const implementation = (theme = 'teal', seed = 2) =>
  spot(
    theme,
    seed,
    at(230, 120, 1.4, checklist(C.teal)) +
      at(510, 200, 1, gear(56, C.blue, 10)) +
      at(580, 280, 1, gear(36, C.amber, 8)) +
      at(640, 452, 1.15, person({ skin: SKIN[2], hair: HAIR[0], shirt: C.teal, pants: C.navy, suit: true, wave: true })),
  );

export const training = (theme = 'amber', seed = 3) =>
  spot(
    theme,
    seed,
    at(150, 70, 1, board(420, 250)) +
      at(640, 400, 1.2, person({ skin: SKIN[3], hair: HAIR[1], shirt: C.coral, female: true, wave: true })) +
      [0, 1, 2, 3].map((i) => at(190 + i * 110, 470, 1, backView(HAIR[i], CLOTH[i + 1], i % 2 === 1))).join(''),
  );

export const hardware = (theme = 'plum', seed = 4) =>
  spot(
    theme,
    seed,
    at(200, 420, 1.15, workstation(C.teal)) +
      at(600, 180, 1, gear(46, C.amber, 9)) +
      at(640, 330, 0.9, `<g transform="rotate(30)">${wrench(C.coral)}</g>`) +
      rect(160, 420, 480, 12, C.navy, 6),
  );

export const networkSpot = (theme = 'night', seed = 5) => {
  const r = rng(seed * 7);
  return spot(
    theme,
    seed,
    network(r, 80, 60, 640, 360, 26, C.mint, 0.6) +
      at(400, 440, 2.2, tower(C.white, C.mint)) +
      at(620, 150, 0.7, cloud(C.white, 0.95)) +
      at(160, 160, 0.55, cloud(C.white, 0.6)),
  );
};

export const datacenter = (theme = 'night', seed = 6) => {
  const r = rng(seed);
  return spot(
    theme,
    seed,
    at(200, 80, 0.95, rack(r)) + at(330, 60, 1.0, rack(r)) + at(465, 80, 0.95, rack(r)) + at(620, 150, 0.5, cloud(C.white, 0.9)),
  );
};

export const loan = (theme = 'blue', seed = 7) =>
  spot(
    theme,
    seed,
    at(250, 420, 1.5, house('#ffffff', C.blue)) +
      at(420, 110, 1.3, checklist(C.teal)) +
      at(620, 430, 1.1, coins(7)) +
      at(690, 432, 1.1, coins(4)) +
      at(130, 432, 1, coins(3)),
  );

export const agriculture = (theme = 'teal', seed = 8) =>
  spot(
    theme,
    seed,
    `<path d="M60 470 L300 300 L500 300 L740 470 Z" fill="#5dbb63" fill-opacity="0.55"/>` +
      [0, 1, 2, 3, 4, 5]
        .map(
          (i) => `<path d="M${330 + i * 28} 300 L${110 + i * 116} 470" stroke="#2f8f4e" stroke-width="6" stroke-opacity="0.6"/>`,
        )
        .join('') +
      circle(620, 120, 46, C.gold) +
      at(300, 320, 1.3, sprout(C.leaf)) +
      at(420, 330, 0.9, sprout('#57c26a')) +
      at(560, 440, 1.1, person({ skin: SKIN[4], hair: HAIR[2], shirt: C.amber, pants: '#4a5d23' })) +
      at(170, 300, 0.8, palm('#2f8f4e')),
  );

export const sme = (theme = 'coral', seed = 9) =>
  spot(
    theme,
    seed,
    at(220, 440, 1.5, shop(C.coral)) +
      at(600, 440, 1.15, person({ skin: SKIN[1], hair: HAIR[3], shirt: C.teal, female: true })) +
      at(690, 440, 0.9, coins(5)),
  );

export const savings = (theme = 'amber', seed = 10) =>
  spot(
    theme,
    seed,
    at(360, 440, 1.8, jar(C.teal)) + at(600, 250, 1.3, shield(C.blue)) + at(190, 440, 1, coins(5)) + at(250, 442, 1, coins(3)),
  );

export const mobile = (theme = 'teal', seed = 11) =>
  spot(
    theme,
    seed,
    at(330, 60, 1.35, `<g filter="url(#shadow)">${phone(C.teal)}</g>`) +
      card(
        520,
        110,
        200,
        80,
        circle(36, 40, 18, C.leaf) +
          `<path d="M28 40 L34 46 L45 33" stroke="#fff" stroke-width="4" fill="none"/>` +
          lines(64, 28, [110, 80], C.slate, 18, 8),
      ) +
      card(90, 260, 200, 80, circle(36, 40, 18, C.amber) + lines(64, 28, [100, 70], C.slate, 18, 8)) +
      at(600, 440, 1, coins(5)),
  );

export const community = (theme = 'coral', seed = 12) =>
  spot(
    theme,
    seed,
    [
      [190, 450, 1.05, { female: true, shirt: C.coral }],
      [300, 440, 1.15, { shirt: C.blue }],
      [410, 446, 1.1, { female: true, shirt: C.teal, wave: true }],
      [520, 440, 1.15, { shirt: C.amber }],
      [630, 450, 1.05, { female: true, shirt: C.plum }],
    ]
      .map(([x, y, s, o], i) => at(x, y, s, person({ skin: SKIN[i], hair: HAIR[i % 4], ...o })))
      .join('') +
      card(150, 60, 120, 70, lines(18, 22, [80, 60], C.slate, 18, 8)) +
      card(540, 50, 120, 70, circle(34, 35, 16, C.coral) + lines(60, 26, [40, 30], C.slate, 16, 7)),
  );

export const security = (theme = 'night', seed = 13) =>
  spot(
    theme,
    seed,
    at(170, 170, 0.9, laptop(dashboard(372, 226, C.teal))) +
      at(590, 250, 1.7, shield(C.teal)) +
      at(
        590,
        90,
        1,
        `<rect x="-26" y="0" width="52" height="40" rx="6" fill="${C.amber}"/><path d="M-16 0 V-14 A16 16 0 0 1 16 -14 V0" stroke="${C.amber}" stroke-width="7" fill="none"/>`,
      ),
  );

export const support = (theme = 'blue', seed = 14) =>
  spot(
    theme,
    seed,
    at(300, 280, 1.4, headset(C.navy)) +
      card(470, 80, 220, 80, lines(20, 24, [170, 120], C.slate, 20, 9)) +
      card(520, 190, 180, 70, lines(20, 24, [130, 90], C.teal, 18, 8), '#e9faf6') +
      at(620, 448, 1.05, person({ skin: SKIN[1], hair: HAIR[0], shirt: C.sky })),
  );

export const analytics = (theme = 'plum', seed = 15) =>
  spot(
    theme,
    seed,
    card(120, 90, 330, 220, lineChart(30, 40, 270, 150, [2, 4, 3, 6, 5, 8, 7, 10], C.plum, { width: 5 })) +
      card(
        480,
        70,
        200,
        180,
        donut(
          100,
          90,
          52,
          [
            [45, C.plum],
            [35, C.teal],
            [20, C.amber],
          ],
          26,
        ),
      ) +
      card(300, 300, 380, 130, barChart(20, 20, 340, 90, [4, 7, 5, 9, 6, 10, 8, 11], [C.teal, C.sky])),
  );

export const cloudSpot = (theme = 'blue', seed = 16) =>
  spot(
    theme,
    seed,
    at(400, 200, 2.1, cloud(C.white, 1)) +
      `<g filter="url(#soft)">${at(400, 200, 2.1, cloud(C.white, 1))}</g>` +
      at(
        400,
        200,
        1,
        `<path d="M0 -40 L0 40 M-28 -12 L0 -40 L28 -12" stroke="${C.blue}" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      ) +
      [220, 400, 580]
        .map(
          (x) =>
            `<path d="M${x} 250 V340" stroke="${C.blue}" stroke-width="5" stroke-dasharray="10 8"/>` +
            at(
              x - 50,
              340,
              0.7,
              `<rect width="140" height="90" rx="10" fill="${C.navy}"/>` +
                lines(18, 20, [80, 60, 70], '#2b5282', 18, 8) +
                circle(116, 26, 6, C.mint),
            ),
        )
        .join(''),
  );

export const about = (theme = 'blue', seed = 17) => {
  const r = rng(seed);
  return spot(
    theme,
    seed,
    at(170, 440, 1, building(150, 300, C.deep, '#9cc4ec', r)) +
      at(340, 440, 1, building(170, 360, C.blue, '#bcd7f2', r)) +
      at(530, 440, 1, building(130, 250, C.teal, '#c7efe8', r)) +
      at(160, 440, 0.6, tree(C.leaf)) +
      at(680, 440, 0.7, tree(C.leaf)) +
      at(300, 458, 0.85, person({ skin: SKIN[2], hair: HAIR[0], shirt: C.white, pants: C.navy, suit: true })) +
      at(400, 462, 0.85, person({ skin: SKIN[3], hair: HAIR[1], shirt: C.coral, female: true, wave: true })) +
      at(500, 458, 0.85, person({ skin: SKIN[0], hair: HAIR[2], shirt: C.amber })),
  );
};

export const goals = (theme = 'coral', seed = 18) =>
  spot(
    theme,
    seed,
    at(300, 250, 1.7, target()) +
      [0, 1, 2, 3]
        .map((i) => rect(480 + i * 56, 420 - (i + 1) * 55, 44, (i + 1) * 55, [C.teal, C.sky, C.blue, C.navy][i], 6))
        .join('') +
      at(
        700,
        170,
        0.45,
        `<path d="M-60 60 L60 -60 M60 -60 L10 -60 M60 -60 L60 -10" stroke="${C.amber}" stroke-width="18" fill="none" stroke-linecap="round"/>`,
      ),
  );

export const microfinance = (theme = 'teal', seed = 19) =>
  spot(
    theme,
    seed,
    at(180, 430, 1.2, bank(C.white, C.teal)) +
      at(560, 440, 1.15, person({ skin: SKIN[1], hair: HAIR[3], shirt: C.coral, female: true, wave: true })) +
      at(660, 436, 1.15, person({ skin: SKIN[4], hair: HAIR[0], shirt: C.sky })) +
      at(470, 440, 1, coins(5)),
  );

export const news = (theme = 'blue', seed = 20) =>
  spot(theme, seed, at(170, 130, 1.45, newspaper()) + at(560, 110, 1.05, `<g filter="url(#shadow)">${phone(C.blue)}</g>`));

export const services = (theme = 'teal', seed = 21) =>
  spot(
    theme,
    seed,
    at(160, 150, 1, laptop(dashboard(372, 226, C.teal))) +
      at(620, 150, 1, gear(62, C.blue, 10)) +
      at(560, 300, 1, gear(40, C.amber, 8)) +
      at(670, 330, 0.6, tower(C.navy, C.teal)),
  );

export const partners = (theme = 'amber', seed = 22) =>
  spot(
    theme,
    seed,
    [
      [220, 300, C.blue],
      [400, 190, C.teal],
      [580, 300, C.coral],
      [310, 400, C.plum],
      [490, 400, C.amber],
    ]
      .map(([x, y], i, all) =>
        all
          .slice(i + 1)
          .map(
            ([x2, y2]) =>
              `<line x1="${x}" y1="${y}" x2="${x2}" y2="${y2}" stroke="${C.navy}" stroke-opacity="0.25" stroke-width="4"/>`,
          )
          .join(''),
      )
      .join('') +
      [
        [220, 300, C.blue],
        [400, 190, C.teal],
        [580, 300, C.coral],
        [310, 400, C.plum],
        [490, 400, C.amber],
      ]
        .map(([x, y, c]) => circle(x, y, 46, C.white, 'filter="url(#soft)"') + at(x, y + 20, 0.3, bank(c, c)))
        .join(''),
  );

export const workingArea = (theme = 'teal', seed = 23) =>
  spot(
    theme,
    seed,
    `<path d="M330 60 Q380 40 420 70 Q470 80 480 130 Q520 170 500 220 Q530 280 490 320 Q470 380 430 400 Q410 440 370 430 Q330 400 320 350 Q280 300 300 250 Q270 200 300 150 Q290 100 330 60 Z" fill="${C.teal}" fill-opacity="0.3" stroke="${C.teal}" stroke-width="4"/>` +
      [
        [370, 140],
        [440, 200],
        [340, 260],
        [420, 320],
        [390, 390],
      ]
        .map(([x, y], i) => at(x, y, 0.55 + (i % 2) * 0.1, pin([C.coral, C.blue, C.amber, C.coral, C.plum][i])))
        .join('') +
      card(560, 120, 160, 180, barChart(20, 20, 120, 140, [5, 8, 6, 10], [C.teal, C.blue])),
  );

export const award = (theme = 'amber', seed = 24) =>
  spot(
    theme,
    seed,
    at(400, 420, 1.9, trophy()) +
      at(220, 330, 0.8, gear(50, C.teal, 10)) +
      at(
        600,
        300,
        0.8,
        donut(
          0,
          0,
          60,
          [
            [70, C.teal],
            [30, C.blue],
          ],
          24,
        ),
      ),
  );

export const projects = (theme = 'plum', seed = 25) =>
  spot(
    theme,
    seed,
    at(120, 440, 1.2, house('#ffffff', C.plum)) +
      at(250, 440, 1, tree(C.leaf)) +
      at(400, 440, 1.4, tower(C.navy, C.plum)) +
      at(520, 90, 1, checklist(C.plum)) +
      at(640, 448, 1.05, person({ skin: SKIN[2], hair: HAIR[1], shirt: C.plum, female: true })),
  );
