import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadLists } from '../../../scripts/vite/preload-lists';

/** A bundle of chunks, each with the files it imports statically. */
function bundleOf(imports: Record<string, string[]>): Rolldown.OutputBundle {
  return Object.fromEntries(
    Object.entries(imports).map(([fileName, files]) => [fileName, { type: 'chunk', fileName, imports: files }]),
  ) as unknown as Rolldown.OutputBundle;
}

/** The plugin as Vite runs it: it is shown the bundle, then asked for each dynamic import's list. */
function listsFor(bundle: Rolldown.OutputBundle) {
  const { plugin, resolveDependencies } = preloadLists();
  const hook = plugin.generateBundle as { handler: (options: unknown, bundle: Rolldown.OutputBundle) => void };
  hook.handler({}, bundle);
  return resolveDependencies;
}

describe("a dynamic import's preload list", () => {
  const bundle = bundleOf({
    'assets/app.js': ['assets/react.js'],
    'assets/react.js': ['assets/runtime.js'],
    'assets/runtime.js': [],
    'assets/screen.js': ['assets/react.js', 'assets/mantine.js'],
    'assets/mantine.js': ['assets/react.js'],
  });

  it('leaves out what the importing chunk loads statically, directly or through another', () => {
    const resolve = listsFor(bundle);
    const deps = ['assets/screen.js', 'assets/react.js', 'assets/runtime.js', 'assets/mantine.js'];
    expect(resolve('assets/screen.js', deps, { hostId: 'assets/app.js', hostType: 'js' })).toEqual([
      'assets/screen.js',
      'assets/mantine.js',
    ]);
  });

  it('keeps every file for an HTML page, which has loaded nothing yet', () => {
    const resolve = listsFor(bundle);
    const deps = ['assets/app.js', 'assets/react.js', 'assets/runtime.js'];
    expect(resolve('assets/app.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
  });

  it('reads the bundle of the build it is in, not an earlier one', () => {
    const { plugin, resolveDependencies } = preloadLists();
    const hook = plugin.generateBundle as { handler: (options: unknown, bundle: Rolldown.OutputBundle) => void };
    hook.handler({}, bundle);
    expect(
      resolveDependencies('assets/mantine.js', ['assets/mantine.js', 'assets/react.js'], {
        hostId: 'assets/app.js',
        hostType: 'js',
      }),
    ).toEqual(['assets/mantine.js']);
    // A second build where the app no longer imports React: React is preloaded again.
    hook.handler({}, bundleOf({ 'assets/app.js': [], 'assets/react.js': [] }));
    expect(
      resolveDependencies('assets/mantine.js', ['assets/mantine.js', 'assets/react.js'], {
        hostId: 'assets/app.js',
        hostType: 'js',
      }),
    ).toEqual(['assets/mantine.js', 'assets/react.js']);
  });
});
