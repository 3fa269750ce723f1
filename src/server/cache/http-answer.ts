/**
 * A finished HTTP answer kept in the cache: the body, its gzip and brotli forms made once, an ETag
 * and the headers it was first sent with, flattened once into the header lists of each form. A hit
 * is routed and logged by Fastify and answered from a hook (inject() sees it like any answer), but
 * written straight to the connection with those prepared lists: hooks that would only set the
 * same headers again are skipped. The encoding is the one the client accepts; a current copy gets
 * 304.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sized } from './cache';

export interface HttpAnswer extends Sized {
  status: number;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  headers: OutgoingHttpHeaders;
  /** Flat name/value lists for writeHead, per form of the answer. */
  raw: { identity: string[]; gzip?: string[]; br?: string[]; notModified: string[] };
}

/** Header objects flattened once per answer, so a hit only writes prepared strings. */
function flatten(headers: OutgoingHttpHeaders): string[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)],
  );
}

/** Headers that describe one transfer, not the resource. */
const TRANSFER_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'etag',
  'connection',
  'date',
]);
const COMPRESS_FROM_BYTES = 1024;

export function makeAnswer(body: string | Buffer, headers: OutgoingHttpHeaders, status = 200): HttpAnswer {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSFER_HEADERS.has(name.toLowerCase())));
  const compress = bytes.length >= COMPRESS_FROM_BYTES;
  const gzip = compress ? gzipSync(bytes) : undefined;
  const br = compress ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : undefined;
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  const common = { ...kept, etag, vary: 'accept-encoding' };
  const encoded = (coding: string, body: Buffer) =>
    flatten({ ...common, 'content-length': body.length, 'content-encoding': coding });
  return {
    status,
    body: bytes,
    gzip,
    br,
    etag,
    headers: kept,
    raw: {
      identity: flatten({ ...common, 'content-length': bytes.length }),
      gzip: gzip && encoded('gzip', gzip),
      br: br && encoded('br', br),
      notModified: flatten(common),
    },
    size: bytes.length + (gzip?.length ?? 0) + (br?.length ?? 0),
  };
}

/** Quality of each coding the client named (RFC 9110 §12.5.3); `q=0` means "not this one". */
export function acceptedCodings(header: string | undefined): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    codings.set(name, Number.isFinite(quality) ? quality : 0);
  }
  return codings;
}

/** Which compressed codings a client's Accept-Encoding allows. */
interface Accepts {
  br: boolean;
  gzip: boolean;
}

/**
 * Accept-Encoding values read so far. Browsers send a handful of distinct values, so a hit reads
 * a parsed one instead of parsing the header again; past the bound (someone sending a new value
 * every time) headers are parsed without being kept.
 */
const acceptsSeen = new Map<string, Accepts>();
const ACCEPTS_KEPT = 64;

function accepts(header: string): Accepts {
  const seen = acceptsSeen.get(header);
  if (seen) return seen;
  const codings = acceptedCodings(header);
  const quality = (name: string) => codings.get(name) ?? codings.get('*') ?? 0;
  const parsed = { br: quality('br') > 0, gzip: quality('gzip') > 0 };
  if (acceptsSeen.size < ACCEPTS_KEPT) acceptsSeen.set(header, parsed);
  return parsed;
}

/** The coding to send: brotli, then gzip, when present and accepted; otherwise the plain body. */
export function chooseCoding(answer: HttpAnswer, header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = accepts(header);
  if (answer.br && accepted.br) return 'br';
  if (answer.gzip && accepted.gzip) return 'gzip';
  return 'identity';
}

const ifNoneMatch = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');

/** Sends a kept answer on the connection, with its prepared headers. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: HttpAnswer): FastifyReply {
  reply.hijack();
  const res = reply.raw;
  if (answer.status === 200 && ifNoneMatch(request, answer.etag)) {
    res.writeHead(304, answer.raw.notModified).end();
    return reply;
  }
  const coding = chooseCoding(answer, request.headers['accept-encoding']);
  const [headers, body] =
    coding === 'br'
      ? [answer.raw.br!, answer.br!]
      : coding === 'gzip'
        ? [answer.raw.gzip!, answer.gzip!]
        : [answer.raw.identity, answer.body];
  res.writeHead(answer.status, headers);
  res.end(request.method === 'HEAD' ? undefined : body);
  return reply;
}
