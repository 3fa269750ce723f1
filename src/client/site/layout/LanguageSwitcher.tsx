/**
 * The header's language switcher: the same page in each of the site's languages, each named in
 * itself (English, বাংলা). Plain links: another language is another document, loaded whole, and
 * they work without JavaScript.
 */
import type { Alternate } from '../locale';
import classes from './layout.module.css';
import { useSiteText } from '../../ui/site-text';
import { Group } from '../ui';

export function LanguageSwitcher({ current, languages }: { current: string; languages: Alternate[] }) {
  const t = useSiteText();
  if (languages.length === 0) return null;
  return (
    <Group component="nav" aria-label={t('header.language')} gap={4} wrap="nowrap" className={classes.languages}>
      {languages.map(({ locale, href, name }) => (
        <a
          key={locale}
          href={href}
          hrefLang={locale}
          lang={locale}
          className={classes.language}
          {...(locale === current ? { 'aria-current': 'true' as const } : {})}
        >
          {name}
        </a>
      ))}
    </Group>
  );
}
