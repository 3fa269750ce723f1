/**
 * A component whose code loads on demand (React.lazy), and can be loaded ahead (`preload`), by a
 * route's loader. Once loaded it renders at once, with no Suspense fallback: React.lazy reads a
 * thenable that is already fulfilled synchronously. So a server render that preloaded it draws it
 * in the one render it makes (entry-server.tsx), and the browser, which hydrates, never shows the
 * fallback in its place.
 */
import { type ComponentType, lazy } from 'react';

type Module<P> = { default: ComponentType<P> };

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        loading = undefined; // a failed download (offline) is tried again next time
        throw error;
      },
    ));
  const component = lazy(() =>
    loaded ? ({ then: (resolve: (module: Module<P>) => void) => resolve(loaded!) } as Promise<Module<P>>) : preload(),
  );
  return Object.assign(component, { preload });
}
