/**
 * The browser's site texts: English comes with the code, another language's catalogue only once a
 * document in it asks (shared/messages/site-loading.ts). This file imports site.ts alone, as the
 * browser does; the server's all-languages module is site-catalogues.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadSiteCatalogue, siteText } from '../../../src/shared/messages/site';
import { siteBn } from '../../../src/shared/messages/site-bn';

describe('site catalogues in the browser', () => {
  it('reads English until a language is loaded, then that language, for the same tag', async () => {
    expect(siteText('bn')('slider.next')).toBe('Next slide');
    await loadSiteCatalogue('bn-BD');
    expect(siteText('bn')('slider.next')).toBe(siteBn['slider.next']);
    expect(siteText('bn-BD')('slider.next')).toBe(siteBn['slider.next']);
    expect(siteText('en')('slider.next')).toBe('Next slide');
  });

  it('settles at once for English and for a language without a catalogue', async () => {
    await expect(loadSiteCatalogue('en')).resolves.toBeUndefined();
    await expect(loadSiteCatalogue('fr')).resolves.toBeUndefined();
    expect(siteText('fr')('slider.next')).toBe('Next slide');
  });
});
