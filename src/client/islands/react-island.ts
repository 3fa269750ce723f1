/**
 * Hydrates a React island's own root (Island.tsx drew it on the server). hydrate.ts loads this
 * module, and React DOM with it, only when a page wakes its first React island: a page whose
 * islands all wait (for a touch, for news) runs no React at all while it is only read.
 */
import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandRoot } from './Island';

/**
 * Starts hydrating the island: `awake` settles once React has (its effects ran), from when on it
 * answers the visitor; `stop` lets it go, hydrated or not.
 */
export function hydrateIsland(element: HTMLElement, name: string, Component: ComponentType<object>, props: object) {
  let stop = () => undefined as void;
  const awake = new Promise<void>((resolve) => {
    // As a transition, React hydrates in slices and lets the browser answer in between (a tap,
    // a key): one long task would hold a slow phone's main thread for the whole island.
    startTransition(() => {
      const root = hydrateRoot(
        element,
        createElement(IslandRoot, {
          locale: document.documentElement.lang,
          onAwake: () => resolve(),
          children: createElement(Component, props),
        }),
        {
          identifierPrefix: element.dataset.id,
          onRecoverableError: (error) => console.error(`The ${name} island fell back to client rendering:`, error),
        },
      );
      stop = () => root.unmount();
    });
  });
  return { awake, stop: () => stop() };
}
