/**
 * Text no field may hold, refused before anything reads it: a NUL character (PostgreSQL cannot
 * store one, SQLite would keep it silently) and a lone surrogate (half of a UTF-16 pair, which
 * cannot be encoded as UTF-8 and would be turned into U+FFFD without a word). Every route's path
 * parameters, query and JSON body are checked; the answer is a 400 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';

const MAX_DEPTH = 8;
/** Half of a surrogate pair without its other half (what String#isWellFormed refuses). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first unacceptable text in `value`: its path and what is wrong with it. */
export function findBadText(value: unknown, path: string, depth = 0): { field: string; problem: string } | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { field: path, problem: 'must not contain a NUL character' };
    if (LONE_SURROGATE.test(value))
      return { field: path, problem: 'must be valid Unicode text (it holds half a surrogate pair)' };
    return undefined;
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = findBadText(key, path ? `${path}.${key}` : key, MAX_DEPTH + 1);
    if (keyProblem) return keyProblem;
    const problem = findBadText(item, path ? `${path}.${key}` : key, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function check(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const bad = findBadText(part, '');
    if (bad) {
      const field = bad.field || 'body';
      throw badRequest(`${field} ${bad.problem}`, { [field]: `${field} ${bad.problem}` });
    }
  }
}

export const textGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async function refuseUnreadableText(request) {
      check(request);
    });
  },
  { name: 'text-guard', dependencies: ['error-handler'] },
);
