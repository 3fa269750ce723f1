/**
 * A component whose code loads when it is first drawn (React.lazy), made for a flaky link: when
 * the download fails (offline before the service worker kept the file, a dropped connection) it is
 * tried again once the browser is back online, or a few seconds later, while the Suspense fallback
 * stays. React.lazy keeps a failed import failed for good, and throws it at the screen: one menu
 * or notification asked for offline took the whole back-office down.
 */
import { type ComponentType, lazy } from 'react';

const RETRY_MS = 5000;

export function loadUntilLoaded<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        const again = () => {
          window.removeEventListener('online', again);
          clearTimeout(timer);
          resolve(loadUntilLoaded(load));
        };
        window.addEventListener('online', again);
        const timer = setTimeout(again, RETRY_MS);
      }),
  );
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadUntilLoaded(load).then((component) => ({ default: component })));
}
