/** Every route of a built app, as its router prints them: what the invariant tests walk. */
import type { FastifyInstance } from 'fastify';

/**
 * The paths of the app's routes for `method`, with their parameters: the router prints a tree of
 * prefixes, each node's path its ancestors' text and its own, `(METHOD)` on the nodes that are routes.
 */
export function routePaths(app: FastifyInstance, method = 'GET'): string[] {
  const paths: string[] = [];
  const stack: string[] = [];
  const line = new RegExp(`^([│ ]*)(?:└── |├── )(.*?)( \\(${method}(?:, [A-Z]+)*\\))?$`);
  for (const text of app.printRoutes({ method }).split('\n')) {
    const match = line.exec(text);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = full;
    if (match[3]) paths.push(full);
  }
  return paths;
}

/** A route's path with every parameter (and a wildcard) given `value`. */
export const withParams = (route: string, value: string) => route.replace(/:[A-Za-z]\w*/g, value).replace(/\*$/, value);
