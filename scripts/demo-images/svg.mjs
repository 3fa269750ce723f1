/**
 * Flat-illustration building blocks for the demo images. Every function returns an SVG fragment
 * string; shapes are drawn around a local origin and placed with `at(x, y, s)` so scenes can
 * compose them freely. No randomness lives here: scenes pass a seeded `rng` where variety is
 * wanted, so the generated files are identical on every run.
 */

/** Brand palette shared with the logo and the document's theme-color (#0b5394, src/client/App.tsx). */
export const C = {
  ink: '#061a33',
  navy: '#0a2a52',
  deep: '#0d3b73',
  blue: '#0b5394',
  sky: '#2f80ed',
  ice: '#e8f1fb',
  mist: '#f4f8fc',
  teal: '#12a594',
  mint: '#5fd3c4',
  amber: '#f5a623',
  gold: '#ffc857',
  coral: '#ef6f6c',
  plum: '#6c5ce7',
  leaf: '#3fae5a',
  white: '#ffffff',
  slate: '#9fb3c8',
  steel: '#5b7089',
};

/** Skin, hair and clothing sets that read as a South Asian team. */
export const SKIN = ['#8d5524', '#a5683a', '#c68642', '#b97a4b', '#7a4a22'];
export const HAIR = ['#1b120c', '#231710', '#2e1d12', '#14100d'];
export const CLOTH = [C.blue, C.teal, C.coral, C.amber, C.plum, C.sky, '#2d9cdb', '#e56b9f'];

/** Deterministic pseudo-random numbers (LCG) so images are reproducible. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

let uidCount = 0;
/** A document-unique id for clip paths and gradients drawn more than once per image. */
export const uid = (prefix) => `${prefix}${++uidCount}`;

export const pick = (r, list) => list[Math.floor(r() * list.length)];

export const svg = (w, h, defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
  `<defs>${COMMON_DEFS}${defs}</defs>${body}</svg>`;

export const at = (x, y, s, body) => `<g transform="translate(${x} ${y}) scale(${s})">${body}</g>`;

export const lin = (id, stops, [x1, y1, x2, y2] = [0, 0, 1, 1]) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">` +
  stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('') +
  `</linearGradient>`;

export const rad = (id, stops, [cx, cy, r] = [0.5, 0.5, 0.5]) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">` +
  stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`).join('') +
  `</radialGradient>`;

const COMMON_DEFS =
  `<filter id="shadow" x="-30%" y="-30%" width="160%" height="170%"><feDropShadow dx="0" dy="10" stdDeviation="14" flood-color="#061a33" flood-opacity="0.22"/></filter>` +
  `<filter id="soft" x="-30%" y="-30%" width="160%" height="170%"><feDropShadow dx="0" dy="4" stdDeviation="6" flood-color="#061a33" flood-opacity="0.16"/></filter>` +
  `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>` +
  `<filter id="glow" x="-100%" y="-100%" width="300%" height="300%"><feGaussianBlur stdDeviation="5"/></filter>` +
  `<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.6" fill="#ffffff" fill-opacity="0.12"/></pattern>` +
  `<pattern id="dotsDark" width="26" height="26" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.5" fill="#0b5394" fill-opacity="0.10"/></pattern>` +
  lin('screenG', [
    [0, '#0f2f57'],
    [1, '#0a223f'],
  ]) +
  lin(
    'coinG',
    [
      [0, C.gold],
      [1, C.amber],
    ],
    [0, 0, 0, 1],
  ) +
  lin(
    'glass',
    [
      [0, '#ffffff', 0.18],
      [1, '#ffffff', 0],
    ],
    [0, 0, 0, 1],
  );

/** Full-bleed background: a gradient, blurred colour blobs and an optional dot grid. */
export function backdrop(w, h, id, stops, blobs = [], pattern = 'dots', direction = [0, 0, 1, 1]) {
  return (
    `<defs>${lin(id, stops, direction)}</defs><rect width="${w}" height="${h}" fill="url(#${id})"/>` +
    blobs
      .map(([x, y, r, c, a]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}" fill-opacity="${a}" filter="url(#blur)"/>`)
      .join('') +
    (pattern ? `<rect width="${w}" height="${h}" fill="url(#${pattern})"/>` : '')
  );
}

export const rect = (x, y, w, h, fill, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`;
export const circle = (cx, cy, r, fill, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;

/** A white rounded card with a drop shadow; `inner` is drawn in the card's coordinates. */
export const card = (x, y, w, h, inner = '', fill = C.white, rx = 14) =>
  `<g transform="translate(${x} ${y})">${rect(0, 0, w, h, fill, rx, 'filter="url(#shadow)"')}${inner}</g>`;

/** Placeholder text lines of a UI mock-up. */
export const lines = (x, y, widths, color = C.slate, gap = 14, hgt = 6) =>
  widths.map((w, i) => rect(x, y + i * gap, w, hgt, color, hgt / 2)).join('');

export function lineChart(x, y, w, h, values, color, { area = true, dots = true, width = 4 } = {}) {
  const max = Math.max(...values);
  const pts = values.map((v, i) => [x + (i * w) / (values.length - 1), y + h - (v / max) * h]);
  const d = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)} ${py.toFixed(1)}`).join(' ');
  return (
    (area ? `<path d="${d} L${x + w} ${y + h} L${x} ${y + h} Z" fill="${color}" fill-opacity="0.16"/>` : '') +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>` +
    (dots
      ? pts.map(([px, py]) => circle(px, py, width * 1.2, C.white, `stroke="${color}" stroke-width="${width * 0.7}"`)).join('')
      : '')
  );
}

export function barChart(x, y, w, h, values, colors) {
  const max = Math.max(...values);
  const bw = w / values.length;
  return values
    .map((v, i) => {
      const bh = (v / max) * h;
      return rect(x + i * bw + bw * 0.18, y + h - bh, bw * 0.64, bh, colors[i % colors.length], Math.min(6, bw * 0.2));
    })
    .join('');
}

export function donut(cx, cy, r, parts, width = r * 0.38) {
  const total = parts.reduce((a, [v]) => a + v, 0);
  const circ = 2 * Math.PI * r;
  let offset = 0;
  return (
    circle(cx, cy, r, 'none', `stroke="${C.ice}" stroke-width="${width}"`) +
    parts
      .map(([v, color]) => {
        const len = (v / total) * circ;
        const seg = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="${len - 3} ${circ}" stroke-dashoffset="${-offset}" transform="rotate(-90 ${cx} ${cy})"/>`;
        offset += len;
        return seg;
      })
      .join('')
  );
}

/** A dashboard mock-up filling w×h: sidebar, KPI tiles, a line chart and bars. */
export function dashboard(w, h, accent = C.teal) {
  const side = w * 0.16;
  const pad = w * 0.03;
  const cw = w - side - pad * 2;
  const tile = (cw - pad * 2) / 3;
  return (
    rect(0, 0, w, h, '#f4f8fc') +
    rect(0, 0, side, h, C.navy) +
    circle(side / 2, h * 0.1, side * 0.16, accent) +
    lines(
      side * 0.2,
      h * 0.22,
      [side * 0.6, side * 0.45, side * 0.55, side * 0.5, side * 0.4],
      '#ffffff33',
      h * 0.07,
      h * 0.025,
    ) +
    [0, 1, 2]
      .map((i) => {
        const tx = side + pad + i * (tile + pad);
        return (
          rect(tx, h * 0.08, tile, h * 0.2, C.white, 8, 'filter="url(#soft)"') +
          rect(tx + tile * 0.1, h * 0.12, tile * 0.4, h * 0.03, C.slate, 3) +
          rect(tx + tile * 0.1, h * 0.18, tile * 0.6, h * 0.055, [C.blue, accent, C.amber][i], 4)
        );
      })
      .join('') +
    rect(side + pad, h * 0.34, cw * 0.62, h * 0.58, C.white, 8, 'filter="url(#soft)"') +
    lineChart(side + pad * 1.6, h * 0.44, cw * 0.62 - pad * 1.2, h * 0.4, [3, 5, 4, 7, 6, 9, 8, 11], C.blue, {
      width: Math.max(2, w / 260),
    }) +
    rect(side + pad * 2 + cw * 0.62, h * 0.34, cw * 0.38 - pad, h * 0.58, C.white, 8, 'filter="url(#soft)"') +
    barChart(side + pad * 2.4 + cw * 0.62, h * 0.44, cw * 0.38 - pad * 1.8, h * 0.42, [5, 8, 6, 9, 7], [accent, C.sky])
  );
}

/** A laptop 400 wide, screen on top (250 high), keyboard deck below; `screen` is 372×226. */
export const laptop = (screen) => {
  const clip = uid('lp');
  return (
    rect(0, 0, 400, 250, '#1d2a3b', 14) +
    `<g transform="translate(14 12)"><clipPath id="${clip}"><rect width="372" height="226" rx="4"/></clipPath><g clip-path="url(#${clip})">${screen}</g></g>` +
    `<path d="M-30 250 L430 250 L410 270 Q405 276 395 276 L5 276 Q-5 276 -10 270 Z" fill="#c9d6e3"/>` +
    rect(160, 250, 80, 8, '#9fb3c8', 4)
  );
};

/** A phone 130×260 with a mobile-banking screen. */
export function phone(accent = C.teal) {
  return (
    rect(0, 0, 130, 260, '#1d2a3b', 20) +
    rect(7, 8, 116, 244, C.mist, 14) +
    rect(7, 8, 116, 96, accent, 14) +
    rect(7, 80, 116, 24, accent) +
    rect(20, 30, 40, 6, '#ffffff99', 3) +
    rect(20, 46, 76, 14, C.white, 4) +
    rect(20, 70, 56, 6, '#ffffff99', 3) +
    [0, 1, 2, 3].map((i) => circle(30 + i * 24, 126, 8, [C.blue, C.amber, C.coral, C.plum][i], 'fill-opacity="0.85"')).join('') +
    [0, 1, 2, 3]
      .map(
        (i) =>
          rect(16, 150 + i * 24, 98, 18, C.white, 5) +
          circle(26, 159 + i * 24, 5, [C.teal, C.sky, C.amber, C.coral][i]) +
          rect(36, 156 + i * 24, 40, 5, C.slate, 2),
      )
      .join('') +
    rect(50, 16, 30, 4, '#0a223f', 2)
  );
}

/** A server rack 150×380 with blinking-light units. */
export function rack(r, accent = C.mint) {
  let units = '';
  for (let i = 0; i < 9; i++) {
    const y = 22 + i * 38;
    units +=
      rect(14, y, 122, 30, '#12325a', 4) +
      lines(24, y + 9, [48, 36], '#2b5282', 8, 4) +
      [0, 1, 2]
        .map((k) =>
          circle(
            96 + k * 12,
            y + 15,
            3.2,
            r() > 0.3 ? (k === 2 && r() > 0.6 ? C.amber : accent) : '#2b5282',
            r() > 0.5 ? 'filter="url(#glow)"' : '',
          ),
        )
        .join('') +
      [0, 1, 2].map((k) => circle(96 + k * 12, y + 15, 2.4, r() > 0.25 ? accent : '#2b5282')).join('');
  }
  return rect(0, 0, 150, 380, '#0b2545', 10) + rect(6, 6, 138, 368, '#0e2c52', 8) + units + rect(0, 370, 150, 10, '#081a33', 4);
}

/** Nodes joined by thin links, spread over the box (x, y, w, h). */
export function network(r, x, y, w, h, n, color = C.mint, alpha = 0.5) {
  const nodes = Array.from({ length: n }, () => [x + r() * w, y + r() * h, 2 + r() * 4]);
  let out = '';
  nodes.forEach(([ax, ay], i) => {
    nodes.slice(i + 1).forEach(([bx, by]) => {
      const d = Math.hypot(ax - bx, ay - by);
      if (d < Math.min(w, h) * 0.42)
        out += `<line x1="${ax.toFixed(1)}" y1="${ay.toFixed(1)}" x2="${bx.toFixed(1)}" y2="${by.toFixed(1)}" stroke="${color}" stroke-opacity="${(alpha * (1 - d / (Math.min(w, h) * 0.42))).toFixed(2)}" stroke-width="1.2"/>`;
    });
  });
  return (
    out +
    nodes
      .map(([nx, ny, nr]) => circle(nx.toFixed(1), ny.toFixed(1), nr.toFixed(1), color, `fill-opacity="${alpha + 0.3}"`))
      .join('')
  );
}

/**
 * A standing person, feet at the origin, about 200 tall. `suit` draws a jacket and tie; `female`
 * draws long hair, a long kameez and a dupatta.
 */
export function person({ skin, hair, shirt, pants = '#24364d', female = false, suit = false, wave = false }) {
  const top = suit ? pants : shirt;
  const sleeve = shade(top, -0.18);
  const arm = (side) =>
    wave && side > 0
      ? `<path d="M30 -146 Q56 -160 60 -200" stroke="${sleeve}" stroke-width="14" stroke-linecap="round" fill="none"/>${circle(60, -206, 8, skin)}`
      : `<path d="M${side * 31} -148 Q${side * 44} -120 ${side * 40} -90" stroke="${sleeve}" stroke-width="14" stroke-linecap="round" fill="none"/>${circle(side * 40, -84, 7.5, skin)}`;
  const body = female
    ? `<path d="M-28 -152 Q0 -160 28 -152 Q36 -142 36 -120 L44 -50 Q0 -42 -44 -50 L-36 -120 Q-36 -142 -28 -152 Z" fill="${shirt}"/>` +
      `<path d="M-28 -152 L36 -72 L24 -66 L-36 -136 Z" fill="${C.white}" fill-opacity="0.35"/>`
    : `<path d="M-30 -80 L-33 -136 Q-34 -154 -14 -157 L14 -157 Q34 -154 33 -136 L30 -80 Q0 -75 -30 -80 Z" fill="${top}"/>` +
      (suit
        ? `<path d="M-12 -157 L0 -118 L12 -157 Z" fill="${C.white}"/><path d="M-3 -151 L3 -151 L5 -114 L0 -106 L-5 -114 Z" fill="${shirt}"/>`
        : `<path d="M-9 -157 Q0 -146 9 -157 Z" fill="${shade(shirt, -0.25)}"/>`);
  const legs = female
    ? rect(-19, -52, 15, 50, C.ice) + rect(4, -52, 15, 50, C.ice)
    : rect(-24, -82, 20, 80, pants, 8) + rect(4, -82, 20, 80, pants, 8);
  const hairBack = female ? `<path d="M-22 -188 Q-26 -150 -16 -136 L16 -136 Q26 -150 22 -188 Z" fill="${hair}"/>` : '';
  const hairTop = female
    ? `<path d="M-20 -180 Q-22 -206 0 -206 Q22 -206 20 -180 Q8 -196 -20 -180 Z" fill="${hair}"/>`
    : `<path d="M-19 -178 Q-22 -206 0 -206 Q22 -206 19 -178 Q16 -192 0 -192 Q-14 -192 -19 -178 Z" fill="${hair}"/>`;
  return (
    `<ellipse cx="0" cy="0" rx="36" ry="6" fill="#061a33" fill-opacity="0.15"/>` +
    hairBack +
    legs +
    `<ellipse cx="-13" cy="-2" rx="13" ry="5" fill="#1b2636"/><ellipse cx="13" cy="-2" rx="13" ry="5" fill="#1b2636"/>` +
    body +
    arm(-1) +
    arm(1) +
    rect(-7, -168, 14, 16, shade(skin, -0.12), 4) +
    `<ellipse cx="0" cy="-182" rx="17" ry="20" fill="${skin}"/>` +
    hairTop
  );
}

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour. */
export function shade(hex, amount) {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v) => Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount);
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => ch(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Head and shoulders seen from behind (audiences, classrooms), about 90 tall. */
export const backView = (hair, shirt, female = false) =>
  `<path d="M-42 0 Q-42 -44 -12 -48 L12 -48 Q42 -44 42 0 Z" fill="${shirt}"/>` +
  (female ? `<path d="M-19 -70 Q-22 -40 -14 -34 L14 -34 Q22 -40 19 -70 Z" fill="${hair}"/>` : '') +
  `<ellipse cx="0" cy="-68" rx="19" ry="22" fill="${hair}"/>`;

/** An office building w wide and h tall standing on the origin line. */
export function building(w, h, body, glassColor = '#bcd7f2', r) {
  const cols = Math.max(2, Math.round(w / 34));
  const rows = Math.max(2, Math.round(h / 40));
  const cw = (w - 20) / cols;
  const rh = (h - 30) / rows;
  let win = '';
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++)
      win += rect(
        10 + i * cw + 3,
        -h + 14 + j * rh + 4,
        cw - 6,
        rh - 10,
        glassColor,
        2,
        r && r() > 0.7 ? 'fill-opacity="0.55"' : '',
      );
  return rect(0, -h, w, h, body, 4) + win + rect(-4, -h - 6, w + 8, 8, body, 2);
}

/** A bank hall with a pediment and columns, 240 wide, 170 tall. */
export const bank = (color = C.white, trim = C.blue) =>
  `<path d="M-10 -128 L120 -172 L250 -128 Z" fill="${trim}"/>` +
  rect(0, -128, 240, 14, color) +
  [0, 1, 2, 3, 4].map((i) => rect(18 + i * 46, -114, 18, 96, color) + rect(14 + i * 46, -22, 26, 6, color)).join('') +
  rect(-10, -16, 260, 16, trim, 2) +
  circle(120, -146, 10, C.gold);

export const house = (wall, roof) =>
  rect(-40, -56, 80, 56, wall, 3) +
  `<path d="M-50 -52 L0 -92 L50 -52 Z" fill="${roof}"/>` +
  rect(-10, -30, 20, 30, roof, 2) +
  rect(-32, -42, 16, 14, C.ice, 2) +
  rect(16, -42, 16, 14, C.ice, 2);

export const tree = (leaf = C.leaf, shade = 1) =>
  rect(-5, -40, 10, 40, '#7a5230', 3) +
  circle(0, -62, 30, leaf) +
  circle(-18, -48, 20, leaf) +
  circle(18, -50, 22, leaf) +
  circle(-8, -72, 16, '#ffffff', `fill-opacity="${0.12 * shade}"`);

/** A palm-like areca tree common in the Bangladeshi countryside. */
export const palm = (leaf = C.leaf) =>
  `<path d="M-3 0 Q2 -60 -2 -120 L4 -120 Q8 -60 5 0 Z" fill="#7a5230"/>` +
  [-70, -35, 0, 35, 70, 110, -110]
    .map(
      (a) =>
        `<path d="M0 -120 Q${40 * Math.sin((a * Math.PI) / 180)} ${-150 + Math.abs(a) / 3} ${70 * Math.sin((a * Math.PI) / 180)} ${-110 + Math.abs(a) / 2}" stroke="${leaf}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
    )
    .join('');

/** A stack of n coins 60 wide, bottom at the origin. */
export const coins = (n) =>
  Array.from({ length: n }, (_, i) => {
    const y = -i * 12;
    return (
      `<ellipse cx="0" cy="${y}" rx="30" ry="10" fill="#d98b0f"/>` +
      rect(-30, y - 10, 60, 10, '#e59a1a') +
      `<ellipse cx="0" cy="${y - 10}" rx="30" ry="10" fill="url(#coinG)"/>`
    );
  }).join('');

export const sprout = (color = C.leaf) =>
  `<path d="M0 0 Q-2 -50 0 -90" stroke="#3b8c4a" stroke-width="6" fill="none" stroke-linecap="round"/>` +
  `<path d="M0 -60 Q-50 -70 -58 -110 Q-10 -108 0 -60 Z" fill="${color}"/>` +
  `<path d="M0 -78 Q46 -90 56 -132 Q8 -128 0 -78 Z" fill="${color}" fill-opacity="0.85"/>`;

/** A lattice radio tower 120 tall with signal arcs. */
export const tower = (color = C.white, wave = C.mint) =>
  `<path d="M-30 0 L0 -120 L30 0 M-22 -30 L22 -30 M-14 -62 L14 -62 M-8 -90 L8 -90 M-22 -30 L14 -62 M22 -30 L-14 -62 M-14 -62 L8 -90 M14 -62 L-8 -90" stroke="${color}" stroke-width="4" fill="none" stroke-linejoin="round"/>` +
  circle(0, -124, 6, wave) +
  [26, 44, 62]
    .map(
      (r, i) =>
        `<path d="M${-r * 0.8} ${-124 - r * 0.6} A${r} ${r} 0 0 1 ${r * 0.8} ${-124 - r * 0.6}" stroke="${wave}" stroke-opacity="${0.9 - i * 0.25}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    )
    .join('');

export const cloud = (fill = C.white, alpha = 1) =>
  `<path d="M-70 20 Q-96 20 -96 -4 Q-96 -30 -66 -30 Q-60 -70 -16 -70 Q24 -70 34 -36 Q76 -40 80 -4 Q82 20 56 20 Z" fill="${fill}" fill-opacity="${alpha}"/>`;

export function gear(r, color, teeth = 8) {
  let d = '';
  for (let i = 0; i < teeth * 2; i++) {
    const a = (i * Math.PI) / teeth;
    const rr = i % 2 ? r * 0.82 : r;
    const a1 = a - Math.PI / teeth / 2;
    const a2 = a + Math.PI / teeth / 2;
    d += `${i ? 'L' : 'M'}${(rr * Math.cos(a1)).toFixed(1)} ${(rr * Math.sin(a1)).toFixed(1)} L${(rr * Math.cos(a2)).toFixed(1)} ${(rr * Math.sin(a2)).toFixed(1)} `;
  }
  return `<path d="${d}Z" fill="${color}"/>` + circle(0, 0, r * 0.36, C.white, 'fill-opacity="0.9"');
}

export const shield = (color = C.teal) =>
  `<path d="M0 -70 L56 -50 Q56 20 0 50 Q-56 20 -56 -50 Z" fill="${color}"/>` +
  `<path d="M-22 -4 L-6 12 L26 -22" stroke="${C.white}" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A storefront 200 wide with a striped awning. */
export const shop = (accent = C.coral) =>
  rect(0, -150, 200, 150, C.white, 4) +
  Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M${i * 33.3} -150 L${(i + 1) * 33.3} -150 L${(i + 1) * 33.3 + 4} -118 Q${i * 33.3 + 18} -108 ${i * 33.3 - 4} -118 Z" fill="${i % 2 ? C.white : accent}"/>`,
  ).join('') +
  rect(0, -160, 200, 12, accent, 3) +
  rect(16, -96, 100, 62, '#bcd7f2', 3) +
  rect(134, -96, 50, 96, C.navy, 3) +
  circle(174, -48, 3, C.gold) +
  rect(16, -30, 100, 8, C.slate, 2);

/** A savings jar holding coins, 120 wide and 150 tall. */
export const jar = (accent = C.teal) =>
  `<path d="M-50 -120 L50 -120 L58 -100 Q64 -80 64 -60 L64 -10 Q64 0 54 0 L-54 0 Q-64 0 -64 -10 L-64 -60 Q-64 -80 -58 -100 Z" fill="${C.ice}" fill-opacity="0.85" stroke="${C.white}" stroke-width="3"/>` +
  at(-18, -8, 0.8, coins(4)) +
  at(22, -8, 0.8, coins(6)) +
  rect(-56, -140, 112, 22, accent, 6) +
  `<path d="M-44 -104 Q-52 -60 -48 -20" stroke="#ffffff" stroke-width="6" stroke-opacity="0.7" fill="none" stroke-linecap="round"/>`;

export const target = () =>
  [70, 52, 34, 16].map((r, i) => circle(0, 0, r, i % 2 ? C.white : C.coral)).join('') +
  `<path d="M0 0 L86 -70" stroke="${C.navy}" stroke-width="7" stroke-linecap="round"/>` +
  `<path d="M86 -70 L82 -96 L100 -82 L112 -74 L92 -66 Z" fill="${C.amber}"/>`;

/** A desktop tower and monitor on a desk line. */
export const workstation = (accent = C.teal) =>
  rect(0, -170, 210, 130, '#1d2a3b', 10) +
  rect(10, -160, 190, 110, C.mist, 4) +
  lines(24, -146, [120, 90, 140, 70, 110], C.slate, 16, 6) +
  rect(150, -140, 36, 36, accent, 6, 'fill-opacity="0.8"') +
  rect(90, -40, 30, 30, '#2c3e55') +
  rect(60, -12, 90, 12, '#2c3e55', 4) +
  rect(230, -150, 70, 150, '#24364d', 8) +
  circle(265, -124, 7, C.mint) +
  lines(244, -100, [42, 42, 42], '#3a5070', 12, 5);

export const wrench = (color = C.amber) =>
  `<path d="M-8 0 L-8 -70 Q-30 -78 -30 -100 Q-30 -118 -18 -124 L-18 -102 L0 -96 L18 -102 L18 -124 Q30 -118 30 -100 Q30 -78 8 -70 L8 0 Q8 8 0 8 Q-8 8 -8 0 Z" fill="${color}"/>`;

export const newspaper = () =>
  rect(0, 0, 220, 160, C.white, 8, 'filter="url(#shadow)"') +
  rect(16, 16, 120, 14, C.navy, 3) +
  rect(16, 40, 88, 70, '#bcd7f2', 4) +
  circle(46, 70, 12, C.amber) +
  `<path d="M16 110 L50 80 L70 96 L104 70 L104 110 Z" fill="${C.teal}"/>` +
  lines(116, 42, [88, 80, 88, 70, 84], C.slate, 14, 6) +
  lines(16, 124, [188, 170], C.slate, 14, 6);

export const board = (w, h) =>
  rect(0, 0, w, h, C.white, 8, 'filter="url(#shadow)"') +
  rect(w * 0.06, h * 0.1, w * 0.36, h * 0.08, C.navy, 4) +
  lineChart(w * 0.08, h * 0.3, w * 0.5, h * 0.55, [2, 4, 3, 6, 5, 8], C.teal, { width: 5 }) +
  donut(
    w * 0.78,
    h * 0.55,
    h * 0.22,
    [
      [45, C.blue],
      [30, C.amber],
      [25, C.coral],
    ],
    h * 0.1,
  );

export const trophy = () =>
  `<path d="M-40 -150 L40 -150 Q40 -90 0 -78 Q-40 -90 -40 -150 Z" fill="url(#coinG)"/>` +
  `<path d="M-40 -140 Q-70 -140 -62 -112 Q-56 -98 -34 -100 M40 -140 Q70 -140 62 -112 Q56 -98 34 -100" stroke="${C.amber}" stroke-width="8" fill="none"/>` +
  rect(-8, -80, 16, 40, C.amber) +
  rect(-34, -44, 68, 14, '#d98b0f', 3) +
  rect(-42, -30, 84, 30, C.navy, 4);

export const headset = (color = C.navy) =>
  `<path d="M-60 10 Q-60 -70 0 -70 Q60 -70 60 10" stroke="${color}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
  rect(-76, -6, 30, 54, C.teal, 12) +
  rect(46, -6, 30, 54, C.teal, 12) +
  `<path d="M-60 48 Q-60 80 -10 80" stroke="${color}" stroke-width="6" fill="none"/>` +
  circle(-8, 80, 8, C.coral);

/** A map pin, point at the origin. */
export const pin = (color = C.coral) =>
  `<path d="M0 0 Q-34 -44 -34 -70 A34 34 0 1 1 34 -70 Q34 -44 0 0 Z" fill="${color}"/>` + circle(0, -70, 13, C.white);

/** A document sheet 140×180 with a check list. */
export const checklist = (accent = C.teal) =>
  rect(0, 0, 140, 180, C.white, 10, 'filter="url(#shadow)"') +
  rect(20, 18, 70, 10, C.navy, 4) +
  [0, 1, 2, 3]
    .map(
      (i) =>
        rect(20, 48 + i * 30, 16, 16, i < 3 ? accent : C.ice, 4) +
        (i < 3
          ? `<path d="M24 ${56 + i * 30} L27 ${60 + i * 30} L33 ${52 + i * 30}" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>`
          : '') +
        rect(46, 52 + i * 30, 70 - (i % 2) * 16, 7, C.slate, 3),
    )
    .join('');
