/**
 * The languages a site is written in: BCP 47 tags (`en`, `bn`, `pt-BR`), the default first. Plain
 * data and pure functions, read by the server (which reads and writes translations) and the site
 * (which puts every other locale under its prefix: /bn/about).
 */

/** One tag as a site may name it: a 2–3 letter language, then optional subtags (`pt-BR`, `zh-Hant`). */
export const LOCALE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A list of tags as the App Settings form takes it: `en,bn` (spaces allowed after commas). */
export const LOCALE_LIST = /^\s*[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*(\s*,\s*[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*)*\s*$/;

/** A site's locales, in order, each once, the language in lower case (`EN, bn,en` → `en`, `bn`). */
export function localesOf(list: string | null | undefined): string[] {
  const tags = (list ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map((tag) => {
      const [language, ...rest] = tag.split('-');
      return [language!.toLowerCase(), ...rest].join('-');
    });
  const unique = [...new Set(tags)];
  return unique.length > 0 ? unique : ['en'];
}
