/**
 * HTML-to-text in the browser decodes every named entity with the browser's own table (its HTML
 * parser), so visitors download none; the server uses the `entities` package (entry-server.tsx).
 */
import { decodeNamedEntitiesWith } from '../../shared/html-text';

export function decodeEntitiesWithBrowser(): void {
  // A textarea's content is text: setting it parses entities and runs nothing.
  const box = document.createElement('textarea');
  decodeNamedEntitiesWith((entity) => {
    box.innerHTML = entity;
    return box.value === entity ? undefined : box.value;
  });
}
