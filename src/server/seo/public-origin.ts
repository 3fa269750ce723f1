/**
 * The origin (scheme and host) that every absolute link the server writes names: a page's
 * canonical and Open Graph addresses, the sitemap and robots.txt, preview and reset links, and the
 * key pages are kept under. It is never a Host header an attacker chose: a shared cache in front
 * (the nginx block of docs/operations.md) would hand their links to everyone, and each made-up host would cost
 * a render and a cache entry.
 *
 * - `PUBLIC_URL` set: that origin, whatever the request says.
 * - Otherwise a request is taken at its word only for a host this server is known by: its own
 *   listening address (localhost, 127.0.0.1, [::1] on its port) and the host of the site settings'
 *   Web URL. Any other host gets the site's Web URL, or this server's own address.
 * - The host is the Host header's, even behind a trusted proxy (TRUST_PROXY): a proxy passes on a
 *   client's X-Forwarded-Host unless told to clear it, and the client would pick which known host
 *   every kept page and the sitemap name (issue 53, L5). nginx sends the host it was asked for as
 *   Host (`proxy_set_header Host $host`). The scheme is the trusted proxy's X-Forwarded-Proto, and
 *   only http or https.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/** How often the site settings' Web URL is read again (a change reaches every server this fast). */
const REFRESH_MS = 10_000;

/** The origin of an http(s) address, or none. */
export function originOf(address: unknown): string | undefined {
  if (typeof address !== 'string' || !address.trim()) return undefined;
  try {
    const url = new URL(address.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export class PublicOrigin {
  private webUrl: string | undefined;
  private readAt = 0;
  private readonly localHosts: Set<string>;

  constructor(
    private readonly config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>,
    /** The site settings' Web URL, as stored. */
    private readonly readWebUrl: () => Promise<unknown>,
  ) {
    const port = config.port;
    const names = ['localhost', '127.0.0.1', '[::1]', config.host.includes(':') ? `[${config.host}]` : config.host];
    this.localHosts = new Set(
      names.flatMap((name) => (port === 80 || port === 443 ? [name, `${name}:${port}`] : [`${name}:${port}`])),
    );
  }

  /** Reads the site settings' Web URL (at start, and every few seconds as requests come). */
  async refresh(): Promise<void> {
    this.readAt = Date.now();
    this.webUrl = originOf(await this.readWebUrl());
  }

  /** Where links point when the request's own host is not one this server is known by. */
  get configured(): string {
    return this.config.publicUrl ?? this.webUrl ?? `http://127.0.0.1:${this.config.port}`;
  }

  of(request: FastifyRequest): string {
    // Not request.host: behind a trusted proxy Fastify reads it from X-Forwarded-Host.
    return this.forHost(request.headers.host ?? '', request.protocol);
  }

  /** The origin for a request to `host` (its Host header, or the proxy's) over `protocol`. */
  forHost(requestHost: string, protocol: string): string {
    if (Date.now() - this.readAt > REFRESH_MS) this.refresh().catch(() => undefined);
    if (this.config.publicUrl) return this.config.publicUrl;
    const host = requestHost.toLowerCase();
    const known = this.localHosts.has(host) || (this.webUrl !== undefined && new URL(this.webUrl).host === host);
    return known && (protocol === 'http' || protocol === 'https') ? `${protocol}://${host}` : this.configured;
  }
}
