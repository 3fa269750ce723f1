/**
 * A finished HTTP answer kept in the cache: the body and its gzip and brotli forms, each made once, an
 * ETag and the headers it was first sent with. It was kept as it left, after every onSend hook had
 * made it what it is (security headers, validator, compression), so a hit is written as kept by
 * `writeKeptAnswer`, the one place a kept answer leaves from, without running those hooks again
 * (tests/api/kept-answer-hooks.test.ts says, hook by hook, why each may be skipped). The kept forms
 * are made once, not on every hit (which is what compressing in a hook would do, and costs more than
 * the rest of the answer); which one a client takes is chosen by the negotiator @fastify/compress
 * uses, and whether its copy is current by `fresh`, the conditional-request check of Express and Koa.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import negotiate from '@fastify/accept-negotiator';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import type { Sized } from './cache';

export interface HttpAnswer extends Sized {
  status: number;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  /** The headers it was first sent with, without those of one transfer. */
  headers: OutgoingHttpHeaders;
  /** Those headers with its validator, per form of the answer. */
  sent: { identity: OutgoingHttpHeaders; gzip?: OutgoingHttpHeaders; br?: OutgoingHttpHeaders };
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
/**
 * Brotli's quality: past 5, each step costs many times the time for a few per cent fewer bytes
 * (docs/performance.md, "Compression"). The first reader of an answer just made gets this form too:
 * a page that fits the network's first round trip at 5 may not at a quicker quality.
 */
const BROTLI_QUALITY = 5;

/**
 * Brotli's window (log2 of its size): just large enough for the answer, not its default 4 MB. The
 * bytes are the same (the whole answer fits), but the encoder's buffers are sized by the window,
 * and with a small host's allocator settings (scripts/server-flags.mjs) big ones are mapped and
 * unmapped on each call, which a page's compression then waits for.
 */
export const brotliWindowFor = (length: number) =>
  Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 16))));

const brotliOptions = (bytes: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(bytes.length),
  },
});
const brotli = (bytes: Buffer) => brotliCompressSync(bytes, brotliOptions(bytes));

/**
 * The answer for `body`. Its compressed forms are made the first time one is asked for: the request
 * that made a page waits only for the coding its browser takes (brotli, nearly always), not for
 * both. The cache weighs each compressed form as half the body before it is made (pages and JSON
 * compress far smaller than that), so the bound by size holds either way.
 */
export function makeAnswer(body: string | Buffer, headers: OutgoingHttpHeaders, status = 200): HttpAnswer {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSFER_HEADERS.has(name.toLowerCase())));
  const compress = bytes.length >= COMPRESS_FROM_BYTES;
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  const identity = { ...kept, etag, vary: 'accept-encoding' };
  const answer: HttpAnswer = {
    status,
    body: bytes,
    etag,
    headers: kept,
    sent: {
      identity,
      ...(compress && {
        gzip: { ...identity, 'content-encoding': 'gzip' },
        br: { ...identity, 'content-encoding': 'br' },
      }),
    },
    size: compress ? bytes.length * 2 : bytes.length,
  };
  if (compress) {
    once(answer, 'gzip', () => gzipSync(bytes));
    once(answer, 'br', () => brotli(bytes));
  }
  return answer;
}

/**
 * Makes the brotli form ahead, unless a reader has asked for it already: for an answer kept where
 * no one waits for it yet (a page made without a reader, spa.ts). Made on libuv's threads, not the
 * main one, so the requests that come meanwhile do not wait behind it; one that asks before it is
 * there makes it itself. Resolves once it is there.
 */
export function compressAhead(answer: HttpAnswer): Promise<void> {
  if (!answer.sent.br || !brotliToMake(answer)) return Promise.resolve();
  return new Promise((resolve) => {
    brotliCompress(answer.body, brotliOptions(answer.body), (error, made) => {
      if (!error && brotliToMake(answer))
        Object.defineProperty(answer, 'br', { value: made, enumerable: true, writable: true, configurable: true });
      resolve();
    });
  });
}

/** Whether the answer's brotli form is still to be made (`once`'s getter is in its place). */
const brotliToMake = (answer: HttpAnswer) => Object.getOwnPropertyDescriptor(answer, 'br')?.get !== undefined;

/** `object[name]` as `make()`'s value, made when first read. */
function once<T extends object, K extends keyof T>(object: T, name: K, make: () => T[K]): void {
  Object.defineProperty(object, name, {
    configurable: true,
    enumerable: true,
    get() {
      const value = make();
      Object.defineProperty(object, name, { value, enumerable: true, writable: true });
      return value;
    },
  });
}

type Coding = 'br' | 'gzip' | 'identity';
const CODINGS: Coding[] = ['br', 'gzip', 'identity'];
/**
 * The form each Accept-Encoding header takes, as the negotiator @fastify/compress uses chooses it
 * (RFC 9110 §12.5.3). Browsers send a handful of distinct headers; bounded, for a client that
 * sends a new one every time.
 */
const chosen = new LRUCache<string, Coding>({ max: 64 });

/** The coding to send: brotli, then gzip, when kept and accepted; otherwise the plain body. */
export function chooseCoding(answer: HttpAnswer, header: string | undefined): Coding {
  if (!header || !answer.sent.br) return 'identity';
  let coding = chosen.get(header);
  if (coding === undefined) chosen.set(header, (coding = negotiate(header, CODINGS) ?? 'identity'));
  return coding;
}

/**
 * Sends a prepared answer (a page just made, the app shell) in the form the client accepts, through
 * the reply's hooks; `instead` replaces some of its headers. Its onSend hooks keep it (keepAnswer).
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: HttpAnswer,
  instead?: OutgoingHttpHeaders,
): FastifyReply {
  const coding = chooseCoding(answer, request.headers['accept-encoding']);
  const body = coding === 'identity' ? answer.body : answer[coding]!;
  reply.code(answer.status).headers(answer.sent[coding]!);
  if (instead) reply.headers(instead);
  return reply.send(body);
}

/** A 304's headers: those of the answer the client holds, without the length and coding of a body it is not sent. */
const notModifiedHeaders = (headers: OutgoingHttpHeaders): OutgoingHttpHeaders => {
  const { 'content-length': _length, 'content-encoding': _coding, ...rest } = headers;
  return rest;
};

/**
 * Writes a kept answer: the one place one leaves from (serveKeptAnswer, public-answers.ts). The
 * reply is taken over, so no later hook runs (each onSend hook's effect is already in the kept
 * answer), and Fastify's onResponse hooks still do (the request's log line). A client whose copy is
 * current gets a 304; a HEAD request the headers alone (Node sends no body for HEAD).
 */
export function writeKeptAnswer(request: FastifyRequest, reply: FastifyReply, answer: HttpAnswer): void {
  const coding = chooseCoding(answer, request.headers['accept-encoding']);
  const headers = answer.sent[coding]!;
  reply.hijack();
  // The client's validators alone: a request's `cache-control: no-cache` (which fetch() adds to
  // any request carrying If-None-Match) speaks to caches on the way, and the origin still answers
  // the condition, as @fastify/etag does for every answer made.
  if (fresh({ 'if-none-match': request.headers['if-none-match'] }, { etag: answer.etag })) {
    reply.raw.writeHead(304, notModifiedHeaders(headers)).end();
    return;
  }
  reply.raw.writeHead(answer.status, headers).end(coding === 'identity' ? answer.body : answer[coding]);
}

/**
 * onSend, after @fastify/etag: a 304 describes the copy the client holds, so it names no encoding
 * and no length of a body it does not carry. (Chromium's service worker, revalidating its copy of
 * the app shell, took a 304 saying `content-encoding: br` for a broken copy: the back-office no
 * longer opened offline.)
 */
export function notModifiedCarriesNoBody(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (reply.statusCode === 304) reply.removeHeader('content-encoding').removeHeader('content-length');
  done(null, payload);
}
