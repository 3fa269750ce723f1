/**
 * A site's languages are kept in one form, whatever was typed (`EN, bn,en` → `en,bn`), and the
 * default is always the first of them.
 */
import { localesOf } from '../../shared/locales';
import type { EntityHooks } from './entity-service';

export const siteLocalesHooks: EntityHooks = {
  beforeWrite(values) {
    if (values.locales === undefined) return values;
    const locales = localesOf(values.locales as string | null);
    return { ...values, locales: locales.join(','), default_locale: locales[0] };
  },
};
