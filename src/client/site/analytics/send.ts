/** How the analytics beacons (beacon.ts, vitals.ts) are sent, and the path they name. */
import { BEACON_PATH, MAX_BEACON_PATH } from '../../../shared/analytics';
import { config } from '../../config';

const url = `${config.apiBase}${BEACON_PATH}`;

/** The path as people read it (a Bangla slug in its letters), without query or fragment. */
export function pathNow(): string {
  let path = location.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // Not valid percent-encoding: sent as the browser has it.
  }
  return path.slice(0, MAX_BEACON_PATH);
}

/**
 * JSON as text/plain, the one body a beacon sends without a preflight; queued by the browser even
 * as the page goes away, and by the service worker when there is no connection (sw.ts).
 */
export function send(body: Record<string, unknown>): void {
  const text = JSON.stringify({ app_key: config.appKey, ...body });
  if (!navigator.sendBeacon?.(url, text)) {
    void fetch(url, { method: 'POST', body: text, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
  }
}
