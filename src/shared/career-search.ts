/**
 * The career page's own address for one opening: `/career?career=<id>` shows that career's
 * content and, while its applications are open, its form (site/careers/CareerList.tsx). The
 * server keeps the parameter when it draws and keeps pages (seo/origin.ts meaningfulUrl), so the
 * opening is drawn before any script, and a plain post of its form comes back to it.
 */
export const CAREER_PARAM = 'career';

/** The career an address names, if it names one well. */
export function careerFromSearch(search: string | URLSearchParams): number | undefined {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(CAREER_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
}
