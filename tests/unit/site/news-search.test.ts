import { describe, expect, it } from 'vitest';
import { newsListSearch } from '../../../src/client/site/news/news-search';

describe('newsListSearch', () => {
  it.each([
    [{ page: 3 }, 3],
    [{ page: '2' }, 2],
    [{}, 1],
    [{ page: 0 }, 1],
    [{ page: -4 }, 1],
    [{ page: '1.5' }, 1],
    [{ page: 'abc' }, 1],
  ])('%j → page %i', (search, page) => expect(newsListSearch(search)).toEqual({ page }));
});
