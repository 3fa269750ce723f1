/**
 * Every hook a kept answer does not pass through is a decision written here (issue #54). A kept
 * answer is written from one place, `serveKeptAnswer` (cache/public-answers.ts), an onRequest hook
 * that takes the reply over: what ran before it runs for a kept answer too, and so does every
 * onResponse hook; the onRequest hooks after it and every preParsing, preValidation, preHandler,
 * preSerialization and onSend hook do not (what the onSend hooks did is in the answer as it was
 * kept). Each hook of every GET route is classified: its effect is baked into what is kept, a kept
 * answer does not need it, or it runs for kept answers too. A hook added later (CORS, tracing, a
 * limit) fails this test until it is classified; an anonymous one until it is named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './harness';

type Stage =
  | 'onRequest'
  | 'preParsing'
  | 'preValidation'
  | 'preHandler'
  | 'preSerialization'
  | 'onSend'
  | 'onResponse'
  | 'onError'
  | 'onTimeout'
  | 'onRequestAbort';
/** `only`: the routes a hook may be on (an anonymous hook's name says nothing of whose it is). */
type Why = ({ runs: string } | { baked: string } | { notNeeded: string }) & { only?: RegExp };

/** The stages a kept answer leaves out (with the onRequest hooks after `serveKeptAnswer`). */
const SKIPPED: readonly Stage[] = ['preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'];
const ADMIN_ONLY = 'only on the admin API, whose answers are never kept (no route there says keptRead)';

/** Every hook of a GET route, by stage and name, and why a kept answer may go without it or not. */
const CLASSIFIED: Record<string, Why> = {
  'onRequest catchUpWithWrites()': { runs: 'before the kept answer: what is kept is in step with the writes of every instance' },
  'onRequest serveKeptAnswer()': { runs: 'the one exit of a kept answer' },
  'onRequest helmetConfigureReply()': { baked: 'the security headers are kept with the answer' },
  'onRequest helmetApplyHeaders()': { baked: 'the security headers are kept with the answer' },
  'onRequest permissionsPolicy()': { baked: 'kept with the answer' },
  'onRequest onRequest()': { notNeeded: "@fastify/compress's per-route set-up; a kept answer carries its own compressed forms" },
  'onRequest authenticate()': { notNeeded: ADMIN_ONLY },
  'onRequest personOnly()': { notNeeded: ADMIN_ONLY },
  'onRequest requireWorkingSite()': { notNeeded: ADMIN_ONLY },
  'onRequest authorize()': { notNeeded: ADMIN_ONLY },
  'onRequest anonymous()': {
    notNeeded:
      "@fastify/rate-limit's limiter of a route that says rateLimit: the admin API, the subscription pages and form uploads, never kept",
    only: /^\/(cms\/api|subscription|cms\/form-uploads)\//,
  },
  'onRequest libraryFilesOnly()': { notNeeded: 'only on /uploads, whose answers are files, never kept' },
  'preParsing preParsing()': { notNeeded: "@fastify/compress's request decompression; a kept read has no body" },
  'preValidation refuseUnreadableText()': { notNeeded: 'a kept read is kept under the parameters its route validated' },
  'preHandler requirePublishedApplication()': {
    notNeeded: 'a site switched off is a write to its settings, which forgets all its kept answers',
  },
  'preSerialization addPictureFacts()': { baked: 'the pictures’ placeholders and focal points are in the kept body' },
  'onSend apiSecurityPolicy()': { baked: 'the API’s policy is in the headers kept with the answer' },
  'onSend redirectsStayOnSite()': { notNeeded: 'a redirect is made for the readers asking it now, never kept' },
  'onSend keepAnswer()': { notNeeded: 'keeps what may be kept; a kept answer is not kept again' },
  'onSend anonymous()': {
    baked: '@fastify/etag: the ETag is kept with the answer, and writeKeptAnswer answers a current copy with a 304',
  },
  'onSend notModifiedCarriesNoBody()': { baked: 'writeKeptAnswer’s 304 names no coding and no length' },
  'onSend onSend()': { baked: '@fastify/compress: a kept answer carries its compressed forms, and the one accepted is sent' },
  'onSend forgetWhatAWriteChanged()': { notNeeded: ADMIN_ONLY },
};

/** The hooks of each GET route the router prints, as `stage name` strings, by the route's full path. */
function hooksOfRoutes(printed: string): Map<string, string[]> {
  const routes = new Map<string, string[]>();
  const stack: string[] = [];
  let hooksOf: string[] = [];
  for (const line of printed.split('\n')) {
    const hooks = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (hooks) {
      hooksOf.push(...(JSON.parse(hooks[2]!) as string[]).map((name) => `${hooks[1]} ${name}`));
      continue;
    }
    const node = /^([│ ]*)(?:└── |├── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + node[2]!;
    stack[depth] = path;
    hooksOf = [];
    if (node[3]?.includes('GET')) routes.set(path, hooksOf);
  }
  return routes;
}

/** What is wrong with the hooks as printed: each unclassified hook, and each that runs where a kept answer cannot. */
function unclassified(printed: string): string[] {
  const problems = new Set<string>();
  for (const [route, hooks] of hooksOfRoutes(printed)) {
    let afterExit = false;
    for (const hook of hooks) {
      const why = CLASSIFIED[hook];
      const stage = hook.split(' ')[0] as Stage;
      if (hook === 'onRequest serveKeptAnswer()') afterExit = true;
      if (!why) problems.add(`${hook} (on GET ${route}): say whether kept answers need it`);
      else if (why.only && !why.only.test(route)) problems.add(`${hook} (on GET ${route}): said to be only on ${why.only}`);
      else if (
        'runs' in why &&
        (SKIPPED.includes(stage) || (stage === 'onRequest' && afterExit && hook !== 'onRequest serveKeptAnswer()'))
      ) {
        problems.add(`${hook} (on GET ${route}) is said to run for kept answers, but they skip it`);
      }
    }
  }
  return [...problems];
}

describe.each(await dialects())('the hooks kept answers pass or skip, on %s', (dialect) => {
  let t: TestApp;
  let printed: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    printed = t.app.printRoutes({ includeHooks: true, commonPrefix: false, method: 'GET' });
  }, 60_000);
  afterAll(() => t?.close());

  it('classifies every hook of every GET route', () => {
    expect(hooksOfRoutes(printed).size).toBeGreaterThan(100);
    expect(unclassified(printed)).toEqual([]);
  });

  it('fails on a hook added later that is not classified, and on one said to run where kept answers skip it', () => {
    const traced = printed.replace(
      /(cms\/sliders \(GET\)\n[^\n]*\n(?:[^\n]*\n)*?[^\n]*• \(preHandler\) \[)/,
      '$1"traceRequest()",',
    );
    expect(traced).not.toBe(printed);
    expect(unclassified(traced)).toEqual(['preHandler traceRequest() (on GET /cms/sliders): say whether kept answers need it']);
    const misplaced = printed.replace('"serveKeptAnswer()",', '"serveKeptAnswer()","catchUpWithWrites()",');
    expect(unclassified(misplaced)).toContain(
      'onRequest catchUpWithWrites() (on GET /) is said to run for kept answers, but they skip it',
    );
    // An anonymous hook (a limiter) on a route whose answers are kept: its name cannot say whose it is.
    const limited = printed.replace('"serveKeptAnswer()",', '"serveKeptAnswer()","anonymous()",');
    expect(
      unclassified(limited).some((problem) => problem.startsWith('onRequest anonymous() (on GET /): said to be only on')),
    ).toBe(true);
  });
});
