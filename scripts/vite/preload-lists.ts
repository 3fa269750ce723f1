/**
 * Shortens the list of files Vite preloads with each dynamic import. Vite lists everything the
 * imported chunk needs, less the importing chunk itself; this also leaves out what the importing
 * chunk imports statically, directly or not. Those files are loaded and run before the importing
 * chunk's own code, so preloading them again fetches nothing, and each name in every list is
 * bytes a visitor or staff member downloads with a cold cache.
 */
import type { Plugin, ResolveModulePreloadDependenciesFn, Rolldown } from 'vite';

export function preloadLists(): { plugin: Plugin; resolveDependencies: ResolveModulePreloadDependenciesFn } {
  let bundle: Rolldown.OutputBundle = {};
  const loadedBefore = new Map<string, Set<string>>();

  /** The files a chunk imports statically, directly or through another. */
  const staticClosure = (fileName: string): Set<string> => {
    const known = loadedBefore.get(fileName);
    if (known) return known;
    const closure = new Set<string>();
    const pending = [fileName];
    while (pending.length > 0) {
      const output = bundle[pending.pop()!];
      if (output?.type !== 'chunk') continue;
      for (const imported of output.imports) {
        if (closure.has(imported)) continue;
        closure.add(imported);
        pending.push(imported);
      }
    }
    loadedBefore.set(fileName, closure);
    return closure;
  };

  return {
    plugin: {
      name: 'orgsite:preload-lists',
      apply: 'build',
      // Before Vite's own step that writes the lists, which asks resolveDependencies below.
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loadedBefore.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId, hostType }) => {
      // An HTML page's own preload links: nothing is loaded before them.
      if (hostType !== 'js') return deps;
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
