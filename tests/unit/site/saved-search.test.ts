import { describe, expect, it } from 'vitest';
import { excerptOf } from '../../../src/client/site/search/saved-search';

describe('the saved copy’s excerpts', () => {
  it('turns Pagefind’s marked, escaped excerpt into plain text and where its found words are', () => {
    const { excerpt, matches } = excerptOf(
      'Small <mark>loans</mark> for farmers &amp; fishers; <mark>Loan</mark> terms &lt;12&gt;',
    );
    expect(excerpt).toBe('Small loans for farmers & fishers; Loan terms <12>');
    expect(matches.map(([start, end]) => excerpt.slice(start, end))).toEqual(['loans', 'Loan']);
  });

  it('keeps Bangla words whole and drops any other markup', () => {
    const { excerpt, matches } = excerptOf('ক্ষুদ্র <mark>ঋণের</mark> <b>কিস্তি</b>');
    expect(excerpt).toBe('ক্ষুদ্র ঋণের কিস্তি');
    expect(matches.map(([start, end]) => excerpt.slice(start, end))).toEqual(['ঋণের']);
  });
});
