/**
 * What a public screen's loader starts beside the reads it cannot draw without (which it awaits
 * itself): reads a part of the screen shows once they arrive, with its own spinner (the slides,
 * the menu, the latest news), and code the screen loads on demand (the sanitiser, an extra block).
 *
 * The browser starts them and shows the screen at once. The server waits for every one: the HTML
 * it sends is the finished page, rendered once (entry-server.tsx). A read that fails there is left
 * for the browser to make again.
 */
import type { RouterContext } from '../router';

export async function alongside(context: Pick<RouterContext, 'server'>, started: Promise<unknown>[]): Promise<void> {
  const settled = Promise.allSettled(started);
  if (context.server) await settled;
}
