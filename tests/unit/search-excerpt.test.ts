/**
 * The excerpt of a search result (content/visitor-search.ts): made from the index's plain text for
 * the page's rows only, the same on both databases. Each marked span must be a whole word that
 * begins with a word asked, in any script.
 */
import { describe, expect, it } from 'vitest';
import { excerptOf, queryWords } from '../../src/server/content/visitor-search';

const marked = ({ excerpt, matches }: ReturnType<typeof excerptOf>) => matches.map(([from, to]) => excerpt.slice(from, to));

describe('a search result’s excerpt', () => {
  it('marks whole words that begin with a word asked, whatever their case and accents', () => {
    const result = excerptOf('New <Microloans> reach Café owners; a MICROLOAN each.', queryWords('microloan cafe'));
    expect(marked(result)).toEqual(['Microloans', 'Café', 'MICROLOAN']);
    // Short text is shown whole, its punctuation kept.
    expect(result.excerpt).toBe('New <Microloans> reach Café owners; a MICROLOAN each.');
  });

  it('marks a Bangla word whole, its vowel sign included', () => {
    const result = excerptOf('আমাদের ঋণের সুদ কম। ঋণ নিতে শাখায় আসুন।', queryWords('ঋণ'));
    expect(marked(result)).toEqual(['ঋণের', 'ঋণ']);
  });

  it('starts a few words before the first word found in a long text, and says where it was cut', () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`);
    words[60] = 'branches';
    const result = excerptOf(words.join('  \n '), ['branch']);
    expect(result.excerpt.startsWith('… word52 word53')).toBe(true);
    expect(result.excerpt.endsWith('word83 …')).toBe(true);
    expect(marked(result)).toEqual(['branches']);
  });

  it('shows the text’s beginning when the words were found only in the title', () => {
    const result = excerptOf(`Opening hours ${'and more '.repeat(30)}`, ['annual']);
    expect(result.excerpt.startsWith('Opening hours and more')).toBe(true);
    expect(result.matches).toEqual([]);
  });
});
