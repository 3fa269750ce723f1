// @vitest-environment jsdom
/** The browser's table and the server's decode named entities alike: a page hydrates with the text it was rendered with. */
import { decodeHTMLStrict } from 'entities';
import { describe, expect, it } from 'vitest';
import { decodeNamedEntitiesWith, htmlToText } from '../../../src/shared/html-text';
import { decodeEntitiesWithBrowser } from '../../../src/client/ui/entity-decoding';

const SAMPLE = '&eacute; &Eacute; &frac12; &rarr; &copy; &hellip; &nbsp; &mdash; &alpha; &Omega; &euro; &times; &bogus; &amp;lt;';

describe('named entities in the browser', () => {
  it('decode as on the server', () => {
    decodeNamedEntitiesWith((entity) => {
      const text = decodeHTMLStrict(entity);
      return text === entity ? undefined : text;
    });
    const server = htmlToText(SAMPLE);
    decodeEntitiesWithBrowser();
    expect(htmlToText(SAMPLE)).toBe(server);
    expect(server).toContain('é É ½ → © …');
    expect(server).toContain('&bogus;');
  });
});
