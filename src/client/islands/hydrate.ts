/**
 * The browser's side of islands (Island.tsx): finds the islands of an islands document, loads
 * each one's code and brings it to life (hydrates a React island's own root, or runs a behaviour),
 * at once or when it is about to scroll into view, and lets them go when the page is replaced
 * (navigator.ts).
 */
import { createElement, startTransition, type ComponentType } from 'react';
import { IslandRoot } from './Island';
import { hydrateRoot } from 'react-dom/client';
import { type Behaviour, type IslandWhen, islandModule } from './registry';

/** Islands alive now, and how to stop each. */
const alive = new Map<HTMLElement, () => void>();
/** What wakes an island waiting for the viewport at once: the visitor has reached into it. */
const FIRST_TOUCH = ['focusin', 'pointerdown', 'keydown'] as const;
/** Islands waiting to scroll into view. */
let watcher: IntersectionObserver | undefined;

async function wake(element: HTMLElement): Promise<void> {
  if (alive.has(element)) return;
  const name = element.dataset.island ?? '';
  const module = islandModule(name);
  if (!module) return;
  alive.set(element, () => undefined);
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  try {
    if (module.kind === 'behaviour') {
      const behaviour = (await module.load()) as Behaviour<object>;
      if (alive.has(element)) alive.set(element, behaviour(element, props));
      return;
    }
    const Component = (await module.load()) as ComponentType<object>;
    if (!alive.has(element)) return;
    // Settles once React has hydrated it (its effects ran): from then on it answers the visitor.
    await new Promise<void>((awake) => {
      // As a transition, React hydrates in slices and lets the browser answer in between (a tap,
      // a key): one long task would hold a slow phone's main thread for the whole island.
      startTransition(() => {
        const root = hydrateRoot(
          element,
          createElement(IslandRoot, {
            locale: document.documentElement.lang,
            onAwake: () => awake(),
            children: createElement(Component, props),
          }),
          {
            identifierPrefix: element.dataset.id,
            onRecoverableError: (error) => console.error(`The ${name} island fell back to client rendering:`, error),
          },
        );
        alive.set(element, () => root.unmount());
      });
    });
  } catch (error) {
    // Its code could not be loaded (offline, a new build replaced it): the island stays as the
    // server drew it, readable, and can be woken again by the next page.
    alive.delete(element);
    console.error(`The ${name} island could not start:`, error);
  }
}

/**
 * Brings the islands under `root` to life: those wanted at once now (the promise settles when
 * they are), the others as they come near the viewport or as soon as the visitor reaches into one
 * (a focus, a press, a key: someone typing into the subscribe box before it scrolled near enough).
 */
export function wakeIslands(root: ParentNode): Promise<void> {
  const now: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = (element.dataset.when ?? 'load') as IslandWhen;
    if (when === 'visible' && 'IntersectionObserver' in window) {
      watcher ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            watcher?.unobserve(entry.target);
            const island = entry.target.closest<HTMLElement>('[data-island]');
            if (island) void wake(island);
          }
        },
        // Early enough that it is alive by the time it is reached.
        { rootMargin: '400px 0px' },
      );
      // display: contents has no box of its own: watch what it holds.
      watcher.observe(element.firstElementChild ?? element);
      const touched = () => {
        for (const type of FIRST_TOUCH) element.removeEventListener(type, touched, true);
        void wake(element);
      };
      for (const type of FIRST_TOUCH) element.addEventListener(type, touched, { capture: true, passive: true });
      continue;
    }
    now.push(wake(element));
  }
  return Promise.all(now).then(() => undefined);
}

/** Lets every island under `root` go (before the page it is on is replaced). */
export function stopIslands(root: ParentNode): void {
  watcher?.disconnect();
  watcher = undefined;
  for (const [element, stop] of alive) {
    if (!root.contains(element)) continue;
    alive.delete(element);
    stop();
  }
}
