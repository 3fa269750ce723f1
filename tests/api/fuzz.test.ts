/**
 * Property-based fuzzing of every route in the OpenAPI document, with and without a token. Bodies
 * are generated from the entity definitions and then broken: wrong types, huge values, NUL
 * characters, lone surrogates, prototype-pollution keys, unknown fields, malformed JSON, junk
 * multipart, path traversal in parameters. Invariants: never a 5xx, never a stack trace or SQL in an
 * answer, and a refused request changes no row. A fixed seed makes a failure reproducible.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDef } from '../../src/shared/entities';
import { dialects, startTestApp, type TestApp } from './harness';
import { sampleBody } from './samples';

const SEED = 20261123;
const RUNS = 2_000;
const LEAKS = [
  /\n\s+at /,
  /node_modules/,
  /\bselect\b.+\bfrom\b/i,
  /sqlite/i,
  /syntax error/i,
  /relation "/,
  /invalid byte sequence/,
];

/** A path segment as a client would send it; a lone surrogate goes as the bytes it would be in CESU-8. */
const pathSegment = (text: string) =>
  [...text].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');

interface Route {
  method: string;
  path: string;
  resource?: EntityDef;
}

const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '../../etc/passwd',
    '..%2f..%2f',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
  ),
  fc.constantFrom('<'.repeat(20_000), 'x'.repeat(600_000), '%00', '\\'),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A valid body of the route's entity with some fields broken and some keys added. */
function bodyFor(route: Route): fc.Arbitrary<unknown> {
  const valid = route.resource ? sampleBody(route.resource) : {};
  const names = Object.keys(valid);
  const broken = fc.record({
    replace: fc.dictionary(names.length ? fc.constantFrom(...names) : fc.string(), hostileValue, { maxKeys: 3 }),
    extra: fc.dictionary(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'app_key', 'APP_KEY', 'created_at', 'unknown'),
      hostileValue,
      {
        maxKeys: 2,
      },
    ),
  });
  return fc.oneof(
    broken.map(({ replace, extra }) => JSON.stringify({ ...valid, ...replace, ...extra })),
    broken.map(({ extra }) => `{"__proto__": {"polluted": true}, ${JSON.stringify(extra).slice(1)}`),
    fc.constantFrom('{', '{"a":', 'null', '[]', '"text"', '{"a":1}}', '\u0000'),
    hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  );
}

describe.each(await dialects())('fuzzing every route on %s', (dialect) => {
  let t: TestApp;
  let routes: Route[];

  /** Rows per table and their latest change: what a refused request must leave alone. */
  const fingerprint = async () => {
    const db = t.app.ctx.database.db as unknown as import('kysely').Kysely<Record<string, { updated_at: string }>>;
    const parts = await Promise.all(
      [...Object.values(ENTITIES).map((d) => d.table), 'files'].map((table) =>
        db
          .selectFrom(table)
          .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('updated_at').as('last')])
          .executeTakeFirstOrThrow(),
      ),
    );
    return JSON.stringify(parts);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const doc = (await t.app.inject({ method: 'GET', url: '/cms/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'delete'].includes(m))
        // Signing out would end the token every other case uses.
        .filter(() => path !== '/cms/api/logout')
        .map((method) => ({
          method: method.toUpperCase(),
          path,
          resource: Object.values(ENTITIES).find(
            (d) => path.startsWith(`/cms/api/${d.resource}`) || path === `/cms/${d.resource}`,
          ),
        })),
    );
  });
  afterAll(() => t?.close());

  it(`answers ${RUNS} hostile requests without a 5xx, a leak or a change from a refused one`, async () => {
    const tally = { tried: 0, refused: 0, failed: 0 };
    const request = fc
      .record({
        route: fc.constantFrom(...routes),
        param: hostileText,
        auth: fc.constantFrom('token', 'none', 'garbage'),
        siteHeader: fc.constantFrom('demo', 'nope', '', '\u0000'),
      })
      .chain((r) => bodyFor(r.route).map((body) => ({ ...r, body })));

    await fc.assert(
      fc.asyncProperty(request, async ({ route, param, auth, siteHeader, body }) => {
        const r = route;
        const url = r.path.replace(/\{[^}]+\}/g, pathSegment(param));
        const headers: Record<string, string> = {
          'content-type': r.path.endsWith('upload-single') ? 'multipart/form-data; boundary=x' : 'application/json',
        };
        if (siteHeader) headers['app-key'] = siteHeader;
        if (auth === 'token') headers.authorization = `Bearer ${t.token}`;
        if (auth === 'garbage') headers.authorization = 'Bearer not-a-token';
        const writes = r.method !== 'GET';
        const before = writes ? await fingerprint() : '';
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers,
          ...(r.method === 'POST' || r.method === 'PUT' ? { payload: body as string } : {}),
        });
        tally.tried += 1;
        const ok = res.statusCode < 500 && !LEAKS.some((leak) => leak.test(res.body.slice(0, 20_000)));
        if (res.statusCode >= 400) {
          tally.refused += 1;
          if (writes && (await fingerprint()) !== before) {
            tally.failed += 1;
            throw new Error(`refused ${r.method} ${url} changed rows: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
        if (!ok) {
          tally.failed += 1;
          throw new Error(`${r.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.log(`fuzz on ${dialect} (seed ${SEED}): ${tally.tried} tried, ${tally.refused} refused, ${tally.failed} failed`);
    expect(tally.tried).toBe(RUNS);
  }, 300_000);
});
