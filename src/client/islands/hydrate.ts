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
/**
 * What wakes a waiting island at once: the visitor reaches into it (a pointer over it, a focus, a
 * press, a key, or a browser's autofill writing into one of its fields).
 */
const FIRST_TOUCH = ['pointerover', 'focusin', 'pointerdown', 'keydown', 'input'] as const;
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

/** How near the viewport an island waiting for it wakes: early enough that it is alive by the time it is reached. */
const NEAR = 400;

/** What an island shows: display: contents gives its element no box of its own. */
const boxOf = (element: HTMLElement): Element => element.firstElementChild ?? element;

/** Whether the visitor sees the island: nothing hides it, itself or what holds it (false when the browser cannot tell). */
function shown(element: HTMLElement): boolean {
  const box = boxOf(element);
  return typeof box.checkVisibility === 'function' && box.checkVisibility({ visibilityProperty: true });
}

/**
 * Whether the visitor reached into the island before this code ran: it holds the focus, or a field
 * in it no longer holds what the server drew (typed, ticked, chosen or filled in by autofill).
 */
function touchedAlready(element: HTMLElement): boolean {
  if (element.contains(document.activeElement)) return true;
  for (const field of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const changed =
      field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
        ? field.checked !== field.defaultChecked
        : field.value !== field.defaultValue;
    if (changed) return true;
  }
  return false;
}

/** Whether the island is shown within reach of the viewport now. */
function nearViewport(element: HTMLElement): boolean {
  if (!shown(element)) return false;
  const { top, bottom } = boxOf(element).getBoundingClientRect();
  return top < window.innerHeight + NEAR && bottom > -NEAR;
}

/**
 * Fetches the files the server named for an island that waits for a touch into the browser's
 * cache, without running them (a prefetch, at the lowest priority): the touch then waits only for
 * the code to run, not for a slow link.
 */
function fetchAhead(element: HTMLElement): void {
  for (const href of (element.dataset.fetchAhead ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    // As the module loader will ask for it, so the cached answer serves it.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/** Wakes the island on the visitor's first reach into it. */
function wakeOnFirstTouch(element: HTMLElement): void {
  const touched = () => {
    for (const type of FIRST_TOUCH) element.removeEventListener(type, touched, true);
    void wake(element);
  };
  for (const type of FIRST_TOUCH) element.addEventListener(type, touched, { capture: true, passive: true });
}

/** Wakes the island as it comes near the viewport (never while the page does not show it). */
function wakeNearViewport(element: HTMLElement): void {
  watcher ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        watcher?.unobserve(entry.target);
        const island = entry.target.closest<HTMLElement>('[data-island]');
        if (island) void wake(island);
      }
    },
    { rootMargin: `${NEAR}px 0px` },
  );
  watcher.observe(boxOf(element));
}

/**
 * Brings the islands under `root` to life, each when its `data-when` says (registry.ts): those
 * wanted at once now (the promise settles when they are), the others as they come near the
 * viewport or as soon as the visitor reaches into one (someone typing into the subscribe box
 * before it scrolled near enough, or into the sign-in form).
 */
export function wakeIslands(root: ParentNode): Promise<void> {
  const now: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = (element.dataset.when ?? 'load') as IslandWhen;
    const later =
      // One in view now is wanted now: the page is not ready until what the visitor sees answers.
      (when === 'visible' && 'IntersectionObserver' in window && !nearViewport(element)) ||
      // One the page keeps hidden cannot be reached, and only its code can show it; one reached
      // into before this code ran has had its first touch.
      (when === 'touch' && shown(element) && !touchedAlready(element));
    if (!later) {
      now.push(wake(element));
      continue;
    }
    wakeOnFirstTouch(element);
    if (when === 'visible') wakeNearViewport(element);
    else fetchAhead(element);
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
