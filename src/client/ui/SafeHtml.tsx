/**
 * The one place stored HTML (page and post content, YouTube embeds, the map) reaches the DOM.
 * Everything passes through sanitizeHtml first: no script, no event handlers, no foreign frames.
 *
 * The sanitiser (DOMPurify, sanitize.ts) is loaded when the browser has HTML to clean. A page the
 * server rendered arrives cleaned already, by the same sanitiser with the same policy
 * (entry-server.tsx): hydrating keeps the server's markup as it is, so such a page needs no
 * sanitiser code until its content changes or the visitor moves to another page.
 */
import { type HTMLAttributes, use, useMemo, useRef } from 'react';
import { useServerMarkup } from './use-server-markup';

type Sanitize = (html: string) => string;

let sanitize: Sanitize | undefined;
let loading: Promise<Sanitize> | undefined;

function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize').then((module) => (sanitize = module.sanitizeHtml));
  return loading;
}

/**
 * For route loaders of screens with stored HTML: the sanitiser arrives with the data, not after it
 * (and a server render has it before it renders, site/alongside.ts). The browser does not run the
 * loaders of the page the server rendered (the router adopts their data), so that page loads no
 * sanitiser.
 */
export function prepareSanitizer(): Promise<Sanitize> {
  return loadSanitizer();
}

interface SafeHtmlProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string | null | undefined;
}

/**
 * Mantine's typography styles for HTML it did not write (its Typography's classes; the stylesheet
 * is in every document), on a plain element: the component's server render cost more than the
 * element. Named here rather than read from Mantine's component, so the islands that show stored
 * HTML (the gallery's videos) bring no Mantine code; tests/unit/site/ui-kit.test.tsx checks the
 * names against Mantine's, so an upgrade that renames them fails there.
 */
export const TYPOGRAPHY_CLASS = 'm_d08caa0 mantine-Typography-root';

export function SafeHtml({ html, ...props }: SafeHtmlProps) {
  const serverMarkup = useServerMarkup();
  // Hydrating in the browser: the element already holds the server's clean HTML for this `html`.
  // Kept only until `html` changes; after that the browser cleans every version itself.
  const adopted = useRef(serverMarkup && typeof document !== 'undefined' ? html : undefined);
  if (adopted.current !== undefined && html !== adopted.current) adopted.current = undefined;
  const keepServerMarkup = !!html && html === adopted.current;
  const ready = sanitize ?? (html && !keepServerMarkup ? use(loadSanitizer()) : undefined);
  const clean = useMemo(() => (html && !keepServerMarkup && ready ? ready(html) : ''), [html, keepServerMarkup, ready]);
  if (!html) return null;
  // React leaves the markup of dangerouslySetInnerHTML alone while hydrating, and after that only
  // writes it when the value changes: an unchanged '' keeps the server's HTML in place.
  // (React's development build would report the deliberate difference: it is not one.)
  return (
    <div
      {...props}
      className={props.className ? `${TYPOGRAPHY_CLASS} ${props.className}` : TYPOGRAPHY_CLASS}
      suppressHydrationWarning={keepServerMarkup}
      dangerouslySetInnerHTML={{ __html: keepServerMarkup ? '' : clean }}
    />
  );
}
