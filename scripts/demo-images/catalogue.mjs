/**
 * Every generated file: where it goes, its size, its byte budget and the scene drawn into it.
 * Demo images are referenced by src/server/db/demo/content.ts as /uploads/<file>.
 */
import * as banners from './banners.mjs';
import * as brand from './brand.mjs';
import * as gallery from './gallery.mjs';
import { portrait, signature } from './portraits.mjs';
import * as spots from './spots.mjs';
import { C, SKIN, HAIR } from './svg.mjs';

const DEMO = 'src/server/db/demo/images';
const demo = (name, w, h, maxKB, svg, extra = {}) => ({ file: `${DEMO}/${name}.webp`, w, h, maxKB, svg, ...extra });

const sliders = [banners.software, banners.microfinance, banners.training, banners.datacenter, banners.hardware].map((scene, i) =>
  demo(`slider-${i + 1}`, 1600, 700, 110, scene()),
);

/** Thumbnails of home sections, widgets and pages, named after their subject. */
const thumbs = Object.entries({
  'section-default': spots.services(),
  'section-about': spots.about(),
  'section-goals': spots.goals(),
  'section-microfinance': spots.microfinance(),
  'section-activities': spots.community('amber', 31),
  'section-news': spots.news(),
  'thumb-software': spots.software(),
  'thumb-implementation': spots.implementation(),
  'thumb-training': spots.training(),
  'thumb-hardware': spots.hardware(),
  'thumb-network': spots.networkSpot(),
  'thumb-datacenter': spots.datacenter(),
  'thumb-loan': spots.loan(),
  'thumb-agriculture': spots.agriculture(),
  'thumb-sme': spots.sme(),
  'thumb-savings': spots.savings(),
  'thumb-mobile': spots.mobile(),
  'thumb-community': spots.community(),
  'thumb-security': spots.security(),
  'thumb-support': spots.support(),
  'thumb-analytics': spots.analytics(),
  'thumb-cloud': spots.cloudSpot(),
  'thumb-partners': spots.partners(),
  'thumb-working-area': spots.workingArea(),
  'thumb-award': spots.award(),
  'thumb-projects': spots.projects(),
}).map(([name, svg]) => demo(name, 800, 500, 40, svg));

/** News post images, in the order of the posts in content.ts. */
const posts = [
  spots.mobile('blue', 41),
  spots.training('teal', 42),
  spots.cloudSpot('teal', 43),
  spots.partners('blue', 44),
  spots.analytics('amber', 45),
  spots.hardware('teal', 46),
  spots.agriculture('amber', 47),
  spots.security('plum', 48),
  spots.support('coral', 49),
].map((svg, i) => demo(`post-${i + 1}`, 800, 500, 40, svg));

const galleryImages = [
  gallery.conference,
  gallery.classroom,
  gallery.aisle,
  gallery.branchLaunch,
  gallery.fieldVisit,
  gallery.hardwareLab,
  gallery.towerInstall,
  gallery.awards,
  gallery.team,
  gallery.softwareLaunch,
].map((scene, i) => demo(`gallery-${i + 1}`, 1200, 800, 60, scene()));

const profiles = [
  {
    bg: ['#dbe9f8', '#9ec1e6'],
    skin: SKIN[2],
    hair: HAIR[0],
    attire: 'suit',
    cloth: C.navy,
    accent: C.coral,
    grey: true,
    glasses: true,
  },
  {
    bg: ['#d8f3ee', '#8fd6c9'],
    skin: SKIN[3],
    hair: HAIR[1],
    attire: 'saree',
    cloth: C.teal,
    accent: C.coral,
    long: true,
  },
  { bg: ['#e6e2fb', '#b3a9ef'], skin: SKIN[1], hair: HAIR[2], attire: 'suit', cloth: '#2c3e55', accent: C.teal },
  {
    bg: ['#fdecd2', '#f6c987'],
    skin: SKIN[0],
    hair: HAIR[3],
    attire: 'kurta',
    cloth: C.coral,
    accent: C.gold,
    long: true,
    glasses: true,
  },
].map((p, i) => demo(`profile-${i + 1}`, 600, 600, 30, portrait(p)));

const brandImages = [
  demo('logo', 360, 96, 12, brand.logo(), { transparent: true }),
  demo('logo-light', 360, 96, 12, brand.logo(true), { transparent: true }),
  demo('icon', 256, 256, 12, brand.icon(256), { transparent: true }),
  demo('og-image', 1200, 630, 70, banners.ogImage(brand.mark())),
  demo('signature-1', 480, 160, 12, signature(), { transparent: true }),
];

/** Public-site brand assets served by the SPA itself. */
const publicAssets = [
  { file: 'public/icons/icon-192.png', w: 192, h: 192, format: 'png', transparent: true, svg: brand.icon(192) },
  { file: 'public/icons/icon-512.png', w: 512, h: 512, format: 'png', transparent: true, svg: brand.icon(512) },
  { file: 'public/icons/maskable-512.png', w: 512, h: 512, format: 'png', svg: brand.maskable(512) },
  { file: 'public/favicon.png', w: 64, h: 64, format: 'png', transparent: true, svg: brand.icon(64) },
  { file: 'public/images/default-thumb.webp', w: 800, h: 500, maxKB: 25, svg: brand.defaultThumb() },
];

export const outputs = [...sliders, ...thumbs, ...posts, ...galleryImages, ...profiles, ...brandImages, ...publicAssets];
