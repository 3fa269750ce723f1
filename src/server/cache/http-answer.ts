/**
 * A finished HTTP answer kept in the cache: the body, its gzip and brotli forms made once, an ETag
 * and the headers it was first sent with. Hits are answered from an onRequest hook, inside
 * Fastify (hooks, logging and inject() all see them), with the encoding the client accepts, or
 * 304 when its copy is current.
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
  return {
    status,
    body: bytes,
    gzip,
    br,
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    headers: kept,
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

/** The coding to send: brotli, then gzip, when present and accepted; otherwise the plain body. */
export function chooseCoding(answer: HttpAnswer, header: string | undefined): 'br' | 'gzip' | 'identity' {
  const codings = acceptedCodings(header);
  const quality = (name: string) => codings.get(name) ?? codings.get('*') ?? 0;
  if (answer.br && quality('br') > 0) return 'br';
  if (answer.gzip && quality('gzip') > 0) return 'gzip';
  return 'identity';
}

const ifNoneMatch = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');

/** Sends a kept answer. The reply goes through Fastify's onSend hooks like any other. */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: HttpAnswer): FastifyReply {
  reply.headers(answer.headers).header('etag', answer.etag).header('vary', 'accept-encoding');
  if (answer.status === 200 && ifNoneMatch(request, answer.etag)) return reply.status(304).send();
  const coding = chooseCoding(answer, request.headers['accept-encoding']);
  reply.status(answer.status);
  if (coding === 'identity') return reply.send(answer.body);
  return reply.header('content-encoding', coding).send(coding === 'br' ? answer.br : answer.gzip);
}
