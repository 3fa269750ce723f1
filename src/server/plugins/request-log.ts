/**
 * One log line per request, when it is answered (Fastify's default writes two), at `info`: its id,
 * method, address (secrets redacted), status and time.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** Secrets that travel in addresses (reset and preview links) never reach a log line. */
export const loggableUrl = (url: string) => url.replace(/([?&](?:token|preview)=)[^&#]*/gi, '$1[redacted]');

let requests = 0;
/** Request ids, short and in order (Fastify's `genReqId`). */
export const nextRequestId = () => `req-${(requests++).toString(36)}`;

const lineOf = (method: string | undefined, url: string, statusCode: number, ms: number) => ({
  method,
  url: loggableUrl(url),
  statusCode,
  ms: Math.round(ms),
});

/** Whether a line would be written: at a quieter level it is not even made (this runs for every request). */
const wantsLines = (log: FastifyBaseLogger & { isLevelEnabled?(level: string): boolean }) =>
  log.isLevelEnabled?.('info') !== false;

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Only pino says its level; any other logger (none, in tests) is handed the line as before.
    if (!error && !wantsLines(reply.log)) return;
    const line = lineOf(request.method, request.url, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}
