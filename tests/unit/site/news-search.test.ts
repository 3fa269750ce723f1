import { describe, expect, it } from 'vitest';
import { newsListSearch } from '../../../src/shared/news-search';

describe('newsListSearch', () => {
  it.each([
    [{ page: 3 }, { page: 3 }],
    [{ page: '2' }, { page: 2 }],
    [{}, {}],
    [{ page: 1 }, {}],
    [{ page: 0 }, {}],
    [{ page: -4 }, {}],
    [{ page: '1.5' }, {}],
    [{ page: 'abc' }, {}],
  ])('%j → %j (the first page has no parameter)', (search, expected) => expect(newsListSearch(search)).toEqual(expected));
});
