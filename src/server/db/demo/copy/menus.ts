/**
 * The mega-menu (spec §2.1 "Header and menu") and the footer menu. Top-menu entries sit in the
 * column named by their location code; children repeat their parent's location so a column can
 * be read without walking the tree.
 */
import type { MenuLocation } from '../../../../shared/limits';
import type { DemoMenuTree } from '../types';

type Entry = [title: string, slug: string, children?: Entry[]];

const topMenu = (location: MenuLocation, entries: Entry[]): DemoMenuTree[] =>
  entries.map(([title, slug, children = []]) => ({
    menu: { title, slug, location, shortcode: 'TOPMENU' as const, hook: null, status: 1 },
    children: topMenu(location, children),
  }));

export const menus: DemoMenuTree[] = [
  ...topMenu('ab1', [
    ['About Us', '/about'],
    ['Mission & Vision', '/mission-vision'],
    ['Our History', '/history'],
    ['Message from the Chairman', '/chairman-message'],
  ]),
  ...topMenu('ab2', [
    ['Governing Body', '/governing-body'],
    ['Executive Committee', '/executive-committee'],
    ['Management Team', '/management-team'],
  ]),
  ...topMenu('ab3', [
    ['Working Area', '/working-area'],
    [
      'Partners',
      '/partners',
      [
        ['Development Partners', '/development-partners'],
        ['Technology Partners', '/technology-partners'],
      ],
    ],
  ]),
  ...topMenu('ps1', [
    ['General Loan', '/general-loan'],
    ['Agriculture Loan', '/agriculture-loan'],
    ['SME Loan', '/sme-loan'],
    ['Emergency Loan', '/emergency-loan'],
  ]),
  ...topMenu('ps2', [
    ['General Savings', '/general-savings'],
    ['Fixed Deposit', '/fixed-deposit'],
    ['Monthly Savings Scheme', '/monthly-savings-scheme'],
  ]),
  ...topMenu('dp1', [
    ['Youth IT Skills Project', '/project-1'],
    ['Rural Connectivity Project', '/project-2'],
  ]),
  ...topMenu('dp2', [
    ['Digital Branch Transformation', '/project-3'],
    ['Women Entrepreneurs in Digital Finance', '/project-4'],
  ]),
  ...topMenu('arc1', [
    ['Annual Reports', '/annual-reports'],
    ['Publications', '/publications', [['Press Releases', '/press-releases']]],
    ['Notices', '/notices'],
    // The news and the openings, which visitors otherwise reach only from the home page and the footer.
    ['News', '/news'],
    ['Career', '/career'],
  ]),
  ...(
    [
      ['About Us', '/about'],
      ['Career', '/career'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms & Conditions', '/terms-and-conditions'],
    ] as const
  ).map(([title, slug]) => ({
    menu: { title, slug, location: null, shortcode: 'FOOTERMENU' as const, hook: null, status: 1 },
    children: [],
  })),
];
