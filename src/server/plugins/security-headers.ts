/**
 * Security headers. Pages get helmet's set, with the Content-Security-Policy the SPA satisfies:
 * our own scripts only (analytics tags are loaded from their vendors' hosts, never inline), inline
 * styles (Mantine sets style attributes), images from anywhere over https (content may link
 * external images), frames from YouTube and Google Maps only. WebAssembly may be compiled
 * ('wasm-unsafe-eval', which allows no eval of script): the search page's saved-copy answers run
 * Pagefind's wasm (site/search/saved-search.ts).
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parse } from 'parse5';
import { API_DOCS_PATH, isApiAddress } from '../../shared/address-space';
import { MARK_STORED_SESSION } from '../../shared/stored-session';

const ANALYTICS_SCRIPTS = [
  'https://www.googletagmanager.com',
  'https://www.google-analytics.com',
  'https://connect.facebook.net',
];
const ANALYTICS_CONNECT = [...ANALYTICS_SCRIPTS, 'https://*.google-analytics.com', 'https://www.facebook.com'];
export const FRAME_HOSTS = ['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://www.google.com'];

export function contentSecurityPolicy(): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...ANALYTICS_SCRIPTS],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...ANALYTICS_CONNECT],
    frameSrc: [...FRAME_HOSTS, 'https://www.googletagmanager.com'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

const DATA_BLOCK = /^application\/(ld\+)?json$/i;
/** Inline scripts of routes' heads, which the router adds itself on a move made in the browser. */
const APP_HEAD_SCRIPTS = [MARK_STORED_SESSION];
/** A start tag of plain attributes (double-quoted values), read from its `<`; anything else fails it. */
const PLAIN_SCRIPT_TAG = /<script((?:\s+[a-z][a-z0-9-]*(?:="[^"<>]*")?)*)\s*>/iy;
const ATTRIBUTE = /([a-z][a-z0-9-]*)(?:="([^"]*)")?/gi;

/**
 * False only when every `<script` in the text is a plain tag that holds no code to run: an
 * external file or a data block. That is every script of an islands document, which then needs no
 * parse (a parse of the home page costs more than the rest of its security headers). Any other
 * `<script`, or one this reading is unsure of, is left to the parser: this only skips work.
 */
function mayHoldInlineScript(html: string): boolean {
  const opening = /<script/gi;
  for (let found = opening.exec(html); found; found = opening.exec(html)) {
    PLAIN_SCRIPT_TAG.lastIndex = found.index;
    const tag = PLAIN_SCRIPT_TAG.exec(html);
    if (!tag) return true;
    const attributes = new Map([...tag[1]!.matchAll(ATTRIBUTE)].map(([, name, value]) => [name!.toLowerCase(), value ?? '']));
    if (!attributes.has('src') && !DATA_BLOCK.test(attributes.get('type') ?? '')) return true;
  }
  return false;
}

/**
 * The inline scripts the renderer itself wrote: those that are children of <head> or <body>.
 * Everything a page's content can hold is drawn inside `<div id="root">`, so a script that a gap
 * in sanitising let into the content is never among them. Read with an HTML parser, as a browser
 * reads the page (raw text, comments and all), not with a pattern a crafted text could fool.
 */
export function rendererScripts(html: string): string[] {
  if (!mayHoldInlineScript(html)) return [];
  const document = parse(html);
  const root = document.childNodes.find((node) => node.nodeName === 'html');
  const scripts: string[] = [];
  for (const section of root && 'childNodes' in root ? root.childNodes : []) {
    for (const node of 'childNodes' in section ? section.childNodes : []) {
      if (node.nodeName !== 'script' || !('attrs' in node)) continue;
      const attribute = (name: string) => node.attrs.find((attr) => attr.name === name)?.value;
      if (attribute('src') !== undefined || DATA_BLOCK.test(attribute('type') ?? '')) continue;
      const code = node.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
      if (code) scripts.push(code);
    }
  }
  return scripts;
}

/**
 * The page's policy allowing exactly the renderer's inline scripts (the router's hydration data)
 * by their SHA-256: a script anywhere in the page's content still cannot run. A page with none (an
 * islands document) gets no hashes. A document that runs the app (it has the router's scripts) also
 * allows the scripts the app's routes put in the head as it moves to them in the browser
 * (`MARK_STORED_SESSION` of the back-office, added when the offline shell opens an admin address).
 */
export function allowInlineScripts(policy: string, html: string): string {
  const scripts = rendererScripts(html);
  if (scripts.length === 0) return policy;
  const hashes = new Set<string>();
  for (const code of [...scripts, ...APP_HEAD_SCRIPTS])
    hashes.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  return policy
    .split(';')
    .map((directive) => (directive.trim().startsWith('script-src ') ? `${directive} ${[...hashes].join(' ')}` : directive))
    .join(';');
}

const ANALYTICS_HOSTS = new Set([...ANALYTICS_CONNECT, 'https://www.googletagmanager.com']);

/**
 * The policy of a document that is not a public page (the back-office, the offline shell): no
 * analytics host may run a script, be called or be framed there, beside a staff member's token.
 */
export function withoutAnalytics(policy: string): string {
  return policy
    .split(';')
    .map((directive) =>
      directive
        .trim()
        .split(/\s+/)
        .filter((source) => !ANALYTICS_HOSTS.has(source))
        .join(' '),
    )
    .join(';');
}

/**
 * Only features browsers know: Chromium logs an error on every page for a feature it does not
 * (Web Bluetooth is not one; tests/e2e/first-start.test.ts asks Chromium itself).
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=(), browsing-topics=()';

/** For JSON answers: nothing may load from them and nothing may frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Helmet headers that only mean something for a document (or for browsers long gone). */
export const DOCUMENT_ONLY_HEADERS = [
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * JSON is not a document: the site's policy means nothing there, nor do the headers that only
 * steer how a browser treats a page. API answers get the short policy OWASP recommends for APIs
 * and keep the headers that do apply (nosniff, CORP, HSTS, framing), which also keeps the hot
 * public reads small.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { directives: contentSecurityPolicy() },
      crossOriginEmbedderPolicy: false,
    });
    // Pages use none of these powerful features; embedded YouTube players keep what they need.
    app.addHook('onRequest', async function permissionsPolicy(_request, reply) {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
    // A callback hook, not an async one: it runs on every answer made (a kept one is kept with
    // these headers), and needs no promise.
    app.addHook('onSend', function apiSecurityPolicy(request, reply, payload, done) {
      if (isApiAddress(request.url) && !request.url.startsWith(API_DOCS_PATH)) {
        reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
        for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
