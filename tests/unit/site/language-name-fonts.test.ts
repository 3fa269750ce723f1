/** The language switcher's Bangla name font (scripts/make-language-name-fonts.ts, site/fonts/fonts.css). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAME_FONTS, LANGUAGE_NAME_TEXT, makeLanguageNameFont } from '../../../scripts/make-language-name-fonts';

describe('the language-name fonts', () => {
  it("are cut from the site's Bengali fonts for the name the switcher writes (else: npx tsx scripts/make-language-name-fonts.ts)", async () => {
    expect(LANGUAGE_NAME_TEXT).toBe('বাংলা');
    for (const { from, to } of LANGUAGE_NAME_FONTS) {
      const made = await makeLanguageNameFont(from);
      expect(Buffer.compare(made, fs.readFileSync(to)), to).toBe(0);
      // A few letters, not the whole set.
      expect(made.length).toBeLessThan(fs.statSync(from).size / 10);
    }
  });

  it('are what the stylesheet names, for Bengali letters only', () => {
    const css = fs.readFileSync('src/client/site/fonts/fonts.css', 'utf8');
    for (const { to } of LANGUAGE_NAME_FONTS) expect(css).toContain(`url('./${to.split('/').pop()}')`);
    expect(css.match(/font-family: 'Noto Sans Bengali Name';\s+[^}]*unicode-range: U\+0980-09FF;/g)).toHaveLength(2);
  });
});
