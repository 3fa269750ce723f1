/**
 * The site's search page (`/search?q=`): a plain GET form and a page of results, each with its
 * title, its address and an excerpt whose found words are marked. Drawn by the server and needing
 * no script: the form reloads the page with the words asked, and the pages of results are links.
 */
import { Fragment, type JSX } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SearchHit } from '../../../shared/site-search';
import { SEARCH_PAGE } from '../../../shared/address-space';
import { siteSearchHref, MOST_QUERY_LENGTH } from '../../../shared/site-search';
import { searchResultsQuery } from '../api/queries';
import { PageHeading } from '../page/PageHeading';
import { useSiteText } from '../../ui/site-text';
import { useLocalHref } from '../locale';
import { Button, Center, Container, Pagination, TextInput } from '../ui';
import classes from './search.module.css';

/** The excerpt with its found words in <mark>. */
function Excerpt({ hit }: { hit: SearchHit }) {
  const parts: JSX.Element[] = [];
  let at = 0;
  for (const [start, end] of hit.matches) {
    if (start < at) continue;
    parts.push(<Fragment key={`t${at}`}>{hit.excerpt.slice(at, start)}</Fragment>);
    parts.push(<mark key={`m${start}`}>{hit.excerpt.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(<Fragment key={`t${at}`}>{hit.excerpt.slice(at)}</Fragment>);
  return <p className={classes.excerpt}>{parts}</p>;
}

export function SearchForm({ q }: { q?: string }) {
  const t = useSiteText();
  const localize = useLocalHref();
  return (
    <form role="search" action={localize(SEARCH_PAGE)} method="get" className={classes.form}>
      <div className={classes.row}>
        <div className={classes.field}>
          <TextInput label={t('search.label')} name="q" type="search" defaultValue={q} maxLength={MOST_QUERY_LENGTH} required />
        </div>
        <Button type="submit">{t('search.button')}</Button>
      </div>
    </form>
  );
}

export function SearchScreen({ q, page }: { q?: string; page: number }) {
  const t = useSiteText();
  const localize = useLocalHref();
  // Read by the route's loader before this draws (on the server too); none without words.
  const { data } = useQuery({ ...searchResultsQuery(q ?? '', page), enabled: Boolean(q) });
  return (
    <>
      <PageHeading title={t('search.title')} />
      <Container size="md" py={48}>
        <SearchForm q={q} />
        {q && data ? (
          <section aria-labelledby="search-results" className={classes.results}>
            <h2 id="search-results" className={classes.count}>
              {data.total === 0
                ? t('search.none', { q })
                : t(data.more ? 'search.countMore' : 'search.count', { count: data.total, q })}
            </h2>
            {data.saved ? (
              <p role="note" className={classes.saved} data-search="saved">
                {t('search.saved')}
              </p>
            ) : null}
            <ol className={classes.list}>
              {data.data.map((hit) => (
                <li key={`${hit.resource} ${hit.id}`} className={classes.hit}>
                  <h3 className={classes.title}>
                    <a href={hit.path} className="mantine-focus-auto">
                      {hit.title}
                    </a>
                  </h3>
                  <p className={classes.address}>{decodeURI(hit.path)}</p>
                  {hit.excerpt ? <Excerpt hit={hit} /> : null}
                </li>
              ))}
            </ol>
            {data.last_page > 1 ? (
              <Center mt="xl">
                <Pagination
                  total={data.last_page}
                  value={data.current_page}
                  hrefOf={(n) => localize(siteSearchHref({ q, page: n }))}
                  labels={{
                    previous: t('pagination.previous'),
                    next: t('pagination.next'),
                    page: (n) => t('pagination.page', { page: n }),
                  }}
                />
              </Center>
            ) : null}
          </section>
        ) : null}
      </Container>
    </>
  );
}
