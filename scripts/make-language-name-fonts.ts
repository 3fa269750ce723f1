/**
 * The language switcher's Bangla name ("বাংলা") in Noto Sans Bengali, with only the letters it
 * needs (3 KB a weight; site/fonts/fonts.css). An English page shows that one Bangla word, and
 * with the whole Bengali set (62 KB) it fetched it at the highest priority, beside the page's
 * first picture on a slow link. Cut from the fonts the site ships (harfbuzz's subsetter, every
 * OpenType feature of the letters kept), so it looks the same as Bangla text elsewhere.
 *
 *   npx tsx scripts/make-language-name-fonts.ts    # after changing those fonts (a test says when)
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';
import { languageName } from '../src/shared/locales';

const FONTS_DIR = 'src/client/site/fonts';

/** Each weight's whole font and the language-name font cut from it. */
export const LANGUAGE_NAME_FONTS = (['regular', 'bold'] as const).map((weight) => ({
  from: `${FONTS_DIR}/noto-sans-bengali-${weight}.woff2`,
  to: `${FONTS_DIR}/noto-sans-bengali-name-${weight}.woff2`,
}));

/** The letters of Bangla's name in itself, as the switcher writes it (shared/locales.ts). */
export const LANGUAGE_NAME_TEXT = languageName('bn');

export const makeLanguageNameFont = (from: string): Promise<Buffer> =>
  subsetFont(fs.readFileSync(from), LANGUAGE_NAME_TEXT, { targetFormat: 'woff2' });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const { from, to } of LANGUAGE_NAME_FONTS) {
    const made = await makeLanguageNameFont(from);
    fs.writeFileSync(to, made);
    console.log(`${to}: ${made.length} bytes`);
  }
}
