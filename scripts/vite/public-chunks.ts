/**
 * Which modules go into the one shared chunk of the public site ("site"), for the build's
 * codeSplitting option (vite.config.ts).
 *
 * Left to itself, the bundler splits the code that public routes share with each other and with
 * the admin into dozens of chunks of one or two kilobytes. Over HTTP/1.1 (six connections, a round
 * trip each) a phone then spends more time asking for files than receiving them. Every module a
 * public screen loads up front that is not only its own goes into one chunk instead: code shared by
 * two public screens, or by a public screen and the admin, and the layout every screen renders.
 * The entry's own modules stay in the entry; code loaded on demand (React.lazy: the gallery viewer,
 * the lightbox, the menu drawer…) and each screen's own code stay split.
 */
import { holdsRouteComponent } from '../../src/client/router-manifest.js';

export interface ModuleGraph {
  ids: Iterable<string>;
  info(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null;
}

/** The split-off component of a public route (holdsRouteComponent knows the plugin's names). */
const PUBLIC_ROUTE = /[/\\]src[/\\]client[/\\]routes[/\\]_site([/\\][^?]*)?\.tsx\?/;
const isPublicScreen = (id: string) => PUBLIC_ROUTE.test(id) && holdsRouteComponent(id);
/** The layout around every public screen. */
const PUBLIC_LAYOUT = /[/\\]src[/\\]client[/\\]routes[/\\]_site\.tsx\?/;
const isPublicLayout = (id: string) => PUBLIC_LAYOUT.test(id) && holdsRouteComponent(id);

function staticClosure(graph: ModuleGraph, root: string, stop: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || stop.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.info(id)?.importedIds ?? []));
  }
  return seen;
}

export function publicSharedModules(graph: ModuleGraph, entry: string): Set<string> {
  const ids = [...graph.ids];
  const inEntry = staticClosure(graph, entry);
  const screens = ids.filter(isPublicScreen);
  const usedBy = new Map<string, number>();
  const shared = new Set<string>();
  for (const screen of screens) {
    for (const id of staticClosure(graph, screen, inEntry)) {
      usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
      if (isPublicLayout(screen)) shared.add(id);
    }
  }
  for (const [id, count] of usedBy) {
    const importedFromElsewhere = (graph.info(id)?.importers ?? []).some(
      (importer) => !usedBy.has(importer) && !inEntry.has(importer),
    );
    if (count > 1 || importedFromElsewhere) shared.add(id);
  }
  // A screen's own component module is its chunk's entry point; the layout's joins the shared chunk.
  for (const screen of screens) if (!isPublicLayout(screen)) shared.delete(screen);
  return shared;
}

/**
 * The modules only the signed-in back-office's frame needs (admin/layout/AdminLayout.tsx and what
 * it imports), for one chunk, "admin-shell". Left to itself the bundler gives each of them a file
 * of its own, a few hundred bytes each: every signed-in screen then asked for dozens of files, and
 * each compressed alone costs more than together (about 20 KB of the dashboard's gzip was the
 * files' own overhead). Every signed-in screen renders inside the frame, so the chunk never brings
 * what a screen does not run. Left out: what a public page or islands document may load
 * (`visitors`), and what the screens without the frame load (`signedOutRoots`: the sign-in island,
 * the admin root around every screen, the reset-password screen), so none of them takes the chunk.
 */
export function adminShellModules(
  graph: ModuleGraph,
  layout: string,
  signedOutRoots: string[],
  visitors: Set<string>,
): Set<string> {
  const signedOut = new Set(signedOutRoots.flatMap((root) => [...staticClosure(graph, root)]));
  const shell = new Set<string>();
  for (const id of staticClosure(graph, layout)) if (!visitors.has(id) && !signedOut.has(id)) shell.add(id);
  return shell;
}
