/**
 * Where the API is and which site to show, in the browser. The server writes these into the HTML
 * it serves (<meta name="app-config">), so one build serves any site; `vite` dev falls back to the
 * demo. A server render names its site in its own connection (api/http.ts), not here.
 */
import { SERVER_PATHS } from '../shared/address-space';
import type { DocumentLocale } from '../shared/locales';

export interface ClientConfig {
  apiBase: string;
  appKey: string;
  /** The document's language on a site written in several: its public reads ask for it (api/http.ts). */
  locale?: DocumentLocale;
  /** A public page of a site that counts its views (its own analytics, site/analytics/beacon.ts). */
  analytics?: true;
}

function readConfig(): ClientConfig {
  const fallback: ClientConfig = { apiBase: SERVER_PATHS.api, appKey: import.meta.env.VITE_APP_KEY ?? 'demo' };
  const meta = typeof document !== 'undefined' ? document.querySelector('meta[name="app-config"]') : null;
  if (!meta) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(meta.getAttribute('content') ?? '{}') as Partial<ClientConfig>) };
  } catch {
    return fallback;
  }
}

export const config: ClientConfig = readConfig();
