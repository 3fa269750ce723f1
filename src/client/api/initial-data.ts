/**
 * The API answers the server embedded in the page (<script id="initial-data">, see
 * src/server/seo/initial-data.ts). Each is used once, by the first request for the same URL, and
 * only while fresh: a page restored from the service worker's cache carries old answers.
 */
const MAX_AGE_MS = 60_000;

let responses: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  if (responses) return responses;
  responses = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById('initial-data')?.textContent;
  if (!text) return responses;
  try {
    const data = JSON.parse(text) as { at: number; responses: Record<string, unknown> };
    if (Math.abs(Date.now() - data.at) < MAX_AGE_MS) {
      for (const [url, body] of Object.entries(data.responses)) responses.set(url, body);
    }
  } catch {
    // A broken block only costs the round trips it was meant to save.
  }
  return responses;
}

/** The embedded answer for `url` (path + query, as requested), at most once. */
export function takeInitialResponse(url: string): unknown {
  const all = load();
  const body = all.get(url);
  all.delete(url);
  return body;
}
