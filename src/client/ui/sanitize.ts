/**
 * The sanitiser SafeHtml calls. In the browser it is DOMPurify with the policy of
 * sanitize-policy.ts; the server, which has no DOM, installs the parse5 engine of the same policy
 * (sanitize-markup.ts, through installSanitizerEngine in entry-server.tsx), so both sides clean HTML
 * alike. DOMPurify's instance is made on first use: importing this module where there is no DOM
 * costs nothing and fails nothing.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { PURIFY_CONFIG, vet } from '../../shared/sanitize-policy';

type Engine = (html: string) => string;

let purifier: Purifier | null = null;
let engine: Engine | undefined;

/** Cleans with `clean` instead of DOMPurify (the server's parse5 engine). */
export function installSanitizerEngine(clean: Engine): void {
  engine = clean;
}

function vetElement(node: Element): void {
  vet({
    tag: node.tagName.toLowerCase(),
    get: (name) => node.getAttribute(name),
    set: (name, value) => node.setAttribute(name, value),
    remove: () => node.remove(),
  });
}

function instance(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', vetElement);
  }
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return engine ? engine(html) : instance().sanitize(html, PURIFY_CONFIG);
}
