/**
 * A device's own network line: a forward HTTP proxy that one browser context sends everything
 * through (its pages, its service worker, background sync), which a test can cut like a cable.
 *
 * Why: Chromium's offline emulation and Playwright's routes are applied per DevTools target, and a
 * target that appears (a document being replaced, a worker woken for a sync event) runs for a
 * moment before they reach it. Twice a fresh-clone CI run saw a request made "offline" arrive at
 * the server (an offline form post, an offline edit). A cut line fails every request, whichever
 * target makes it, as a device without a network does. Playwright's own requests for the context
 * (page.request) come as CONNECT tunnels, the browser's as plain proxy requests.
 */
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

export interface NetworkLine {
  /** The proxy's address, for Playwright's `proxy.server`. */
  url: string;
  /** Drops every open connection, and every new one until mended. */
  cut(): void;
  mend(): void;
  /**
   * Holds the answers to requests `picked` for `ms` before they reach the browser, as a slow link
   * does (the server answers at once; its answer is late). Called again, replaces the rule.
   */
  slow(picked: (url: URL) => boolean, ms: number): void;
  close(): Promise<void>;
}

/** Headers for the proxy itself, not passed on. */
const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'keep-alive']);

export async function openNetworkLine(): Promise<NetworkLine> {
  let cut = false;
  let late: { picked: (url: URL) => boolean; ms: number } | undefined;
  const open = new Set<Socket>();
  const inFlight = new Set<http.ClientRequest>();
  const server = http.createServer((request, response) => {
    if (cut) return request.socket.destroy();
    const target = new URL(request.url ?? '/');
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const upstream = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: request.method,
        headers,
      },
      (answer) => {
        const pass = () => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
          answer.pipe(response);
        };
        if (late?.picked(target)) setTimeout(pass, late.ms);
        else pass();
      },
    );
    inFlight.add(upstream);
    upstream.on('close', () => inFlight.delete(upstream));
    upstream.on('error', () => request.socket.destroy());
    request.pipe(upstream);
  });
  // Playwright's own requests of the context (page.request) ask for a tunnel.
  server.on('connect', (request: http.IncomingMessage, client: Socket, head: Buffer) => {
    if (cut) return client.destroy();
    const [hostname, port] = (request.url ?? '').split(':');
    const tunnel = net.connect(Number(port), hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      tunnel.write(head);
      tunnel.pipe(client).pipe(tunnel);
    });
    open.add(tunnel);
    tunnel.on('close', () => (open.delete(tunnel), client.destroy()));
    tunnel.on('error', () => client.destroy());
    client.on('error', () => tunnel.destroy());
  });
  server.on('connection', (socket: Socket) => {
    if (cut) return socket.destroy();
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
      for (const request of inFlight) request.destroy();
    },
    mend() {
      cut = false;
    },
    slow(picked, ms) {
      late = { picked, ms };
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
