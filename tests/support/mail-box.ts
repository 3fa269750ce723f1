/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it receives, and a
 * small reader of what arrived: headers (unfolded, encoded words decoded), and the text and HTML
 * parts (quoted-printable or base64). For tests that send mail through the app's own mailer.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReadMail {
  to: string;
  raw: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as in a Bangla subject. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = decodeWords(line.slice(at + 1).trim());
  }
  return headers;
}

function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const gap = raw.slice(at).startsWith('\r\n\r\n') ? 4 : 2;
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at + gap) };
}

/** The text and HTML of a message, through any nesting of multipart parts. */
function partsOf(raw: string): { text: string; html: string } {
  const { headers, body } = split(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const found = { text: '', html: '' };
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const inner = partsOf(part.replace(/^\r?\n/, ''));
      found.text ||= inner.text;
      found.html ||= inner.html;
    }
    return found;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return type.toLowerCase().startsWith('text/html') ? { text: '', html: decoded } : { text: decoded, html: '' };
}

export function readMail(to: string, raw: string): ReadMail {
  return { to, raw, headers: split(raw).headers, ...partsOf(raw) };
}

export interface MailBox {
  url: string;
  received: ReadMail[];
  /** The next mail to `address` (one already there that no call took yet, or the next to arrive). */
  next(address: string, timeoutMs?: number): Promise<ReadMail>;
  close(): Promise<void>;
}

export interface MailBoxOptions {
  /**
   * The server's answer to a recipient, as a mail server refusing it would: a code (4xx for
   * "later", 5xx for "never") and its words; none takes it.
   */
  refuse?: (address: string) => { code: number; message: string } | undefined;
  /**
   * Runs when a message has wholly arrived (it is in `received`), before the server answers that
   * it took it: the moment a sender killed then must not send it again.
   */
  beforeAnswer?: (mail: ReadMail) => Promise<void> | void;
}

export async function startMailBox(options: MailBoxOptions = {}): Promise<MailBox> {
  const received: ReadMail[] = [];
  const taken = new Set<ReadMail>();
  const waiting: { address: string; resolve: (mail: ReadMail) => void }[] = [];
  const deliver = (mail: ReadMail) => {
    received.push(mail);
    const at = waiting.findIndex((waiter) => mail.to.split(',').includes(waiter.address));
    if (at === -1) return;
    const [waiter] = waiting.splice(at, 1);
    taken.add(mail);
    waiter!.resolve(mail);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = readMail(session.envelope.rcptTo.map((r) => r.address).join(','), Buffer.concat(chunks).toString('latin1'));
        deliver(mail);
        void Promise.resolve(options.beforeAnswer?.(mail)).then(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next(address, timeoutMs = 10_000) {
      const there = received.find((mail) => !taken.has(mail) && mail.to.split(',').includes(address));
      if (there) {
        taken.add(there);
        return Promise.resolve(there);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({
          address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
