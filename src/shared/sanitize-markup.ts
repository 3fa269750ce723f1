/**
 * The server half of the sanitiser: the policy of sanitize-policy.ts applied to a parse5 tree. The
 * server has no DOM, and a whole one (jsdom) for DOMPurify held far more memory than the rest of it.
 * parse5 is the parser jsdom itself uses and follows the HTML standard's parsing rules, so the tree
 * cleaned here is the tree a browser builds from the same text.
 *
 * What keeps the output safe when the browser reads it again: every element that is kept is plain
 * HTML (no foreign markup), none is raw text (a frame's content is dropped; <style>, <script>,
 * <textarea> and their kind go with their content), attributes are allow-listed and checked as in
 * DOMPurify, comments are dropped, and the serializer escapes every text and value.
 */
import { parseFragment, serializeOuter } from 'parse5';
import type { DefaultTreeAdapterTypes } from 'parse5';
import { ALLOWED_TAGS, DROPPED_WITH_CONTENT, isAllowedAttribute, vet } from './sanitize-policy';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const KEPT = new Set(ALLOWED_TAGS);
const DROPPED = new Set(DROPPED_WITH_CONTENT);

/** Cleans the children of `parent` in place: returns the nodes that take their place. */
function cleanChildren(parent: ParentNode): ChildNode[] {
  const kept: ChildNode[] = [];
  for (const node of parent.childNodes) {
    if (node.nodeName === '#text') kept.push(node);
    else if ('tagName' in node) kept.push(...cleanElement(node));
    // Comments and doctypes go.
  }
  for (const node of kept) node.parentNode = parent as ChildNode['parentNode'];
  parent.childNodes = kept;
  return kept;
}

/** An element as it is kept: itself, cleaned; its children in its place; or nothing. */
function cleanElement(element: Element): ChildNode[] {
  const tag = element.tagName;
  const isHtml = element.namespaceURI === HTML_NAMESPACE;
  if (!isHtml || DROPPED.has(tag)) {
    // An allowed frame still comes in, but never its content (raw text to a browser).
    if (tag !== 'iframe' || !isHtml) return [];
  } else if (!KEPT.has(tag)) {
    return cleanChildren(element);
  }
  element.attrs = element.attrs.filter(
    (attr) => !attr.namespace && !attr.prefix && isAllowedAttribute(tag, attr.name, attr.value),
  );
  if (tag === 'iframe') element.childNodes = [];
  else cleanChildren(element);
  let removed = false;
  vet({
    tag,
    get: (name) => element.attrs.find((attr) => attr.name === name)?.value ?? null,
    set: (name, value) => {
      const attr = element.attrs.find((a) => a.name === name);
      if (attr) attr.value = value;
      else element.attrs.push({ name, value });
    },
    remove: () => (removed = true),
  });
  return removed ? [] : [element];
}

/** `html` (a fragment, as stored) with only what the policy allows, as HTML text. */
export function sanitizeMarkup(html: string): string {
  const fragment = parseFragment(html);
  return cleanChildren(fragment)
    .map((node) => serializeOuter(node))
    .join('');
}
