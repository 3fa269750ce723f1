/** The languages of the site the back-office manages, the default first (its settings, read by the root route). */
import { useQuery } from '@tanstack/react-query';
import { localesOf } from '../../../shared/locales';
import { siteInfoQuery } from '../../site/api/queries';

export function useSiteLocales(): string[] {
  const { data } = useQuery(siteInfoQuery());
  return localesOf(data?.locales ?? null);
}
