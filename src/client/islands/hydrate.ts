/**
 * The browser's side of islands (Island.tsx): finds the islands of an islands document, loads
 * each one's code and brings it to life (hydrates a React island's own root, or runs a behaviour),
 * each when its `data-when` says (registry.ts), and lets them go when the page is replaced
 * (navigator.ts). React DOM comes with the first React island woken (react-island.ts).
 */
import type { ComponentType } from 'react';
import type { IslandWakeEvent, IslandWakeInput, WakeReason } from '../../../machines/island-wake';
import { inspect } from '../inspect';
import { type Behaviour, type IslandWhen, islandModule } from './registry';
import { WHEN_NEEDED } from './when-needed';
import { loadSiteCatalogue } from '../../shared/messages/site-loading';
import { SAVED_PARAM } from '../../shared/public-forms';

/** Islands woken (alive, or on their way): how to stop each. */
const alive = new Map<HTMLElement, () => void>();
/** Each woken island's waking: settles once it answers the visitor, or could not start. */
const waking = new Map<HTMLElement, Promise<void>>();
/** Islands woken that answer the visitor now (or could not start, and stay as the server drew them). */
const answering = new WeakSet<HTMLElement>();
/** Islands still waiting: how to stop waiting (listeners, watchers). */
const waiting = new Map<HTMLElement, () => void>();
/**
 * What wakes a waiting island at once: the visitor reaches into it (a pointer over it, a focus, a
 * press, a key, or a browser's autofill writing into one of its fields).
 */
const FIRST_TOUCH = ['pointerover', 'focusin', 'pointerdown', 'keydown', 'input'] as const;
/** Islands waiting to scroll into view. */
let watcher: IntersectionObserver | undefined;

/** The islands' runs of their chart, told in order; loaded with XState only while the inspector is on. */
let wakeFlows: Promise<unknown> = Promise.resolve();
function tellFlow(step: (flows: typeof import('./wake-flows')) => void): void {
  if (!inspect) return;
  wakeFlows = wakeFlows.then(() => import('./wake-flows').then(step)).catch(() => undefined);
}
const tell = (element: HTMLElement, event: IslandWakeEvent) => tellFlow((flows) => flows.tell(element, event));

/**
 * Brings the island to life, once however often it is asked; settles when it answers the visitor
 * (or could not start). `by`: what woke it, for the inspector (none at the page's start or for a
 * held click, which the chart is told of as such).
 */
function wake(element: HTMLElement, by?: WakeReason): Promise<void> {
  let woken = waking.get(element);
  if (!woken) {
    if (by) tell(element, { type: 'island.wake', by });
    waiting.get(element)?.();
    waiting.delete(element);
    woken = bringToLife(element).then(() => void answering.add(element));
    waking.set(element, woken);
  }
  return woken;
}

async function bringToLife(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const module = islandModule(name);
  if (!module || !element.isConnected) {
    tell(element, { type: 'island.failed', error: module ? 'It is no longer on the page.' : `No island is called ${name}.` });
    return;
  }
  alive.set(element, () => undefined);
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  try {
    if (module.kind === 'behaviour') {
      const behaviour = (await module.load()) as Behaviour<object>;
      if (alive.has(element)) {
        alive.set(element, behaviour(element, props));
        tell(element, { type: 'island.answering' });
      }
      return;
    }
    // An island draws the site's words in the page's language: their catalogue comes with it.
    const [Component, { hydrateIsland }] = await Promise.all([
      module.load(),
      import('./react-island'),
      loadSiteCatalogue(document.documentElement.lang),
    ]);
    if (!alive.has(element)) return;
    const { awake, stop } = hydrateIsland(element, name, Component as ComponentType<object>, props);
    alive.set(element, stop);
    await awake;
    tell(element, { type: 'island.answering' });
  } catch (error) {
    // Its code could not be loaded (offline, a new build replaced it): the island stays as the
    // server drew it, readable, and can be woken again by the next page.
    alive.delete(element);
    waking.delete(element);
    console.error(`The ${name} island could not start:`, error);
    tell(element, { type: 'island.failed', error: String(error) });
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
 * in it no longer holds what the server drew (typed, ticked, chosen or filled in by autofill), or
 * its form was just posted and kept on the device by the service worker (`?saved=<form>`, sw.ts),
 * which only the form's code tells the visitor.
 */
function touchedAlready(element: HTMLElement): boolean {
  if (element.contains(document.activeElement)) return true;
  const saved = new URLSearchParams(location.search).get(SAVED_PARAM);
  if (saved && element.querySelector('form')?.id === `${saved}-form`) return true;
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

/**
 * Wakes the island on the visitor's first reach into it; returns how to stop waiting for it.
 *
 * A click that comes before the island answers (a tap is a press, then a click a moment later:
 * sooner than the code runs on a slow phone) is held and given to the same element once it does,
 * so the tap that woke the burger also opens it. Only the last one is given: two taps on a toggle
 * before it answered mean nothing clear. One that could not start gets it too: a plain link then
 * still goes where it points. A click on a field is never held: the field answers it itself.
 */
function wakeOnFirstTouch(element: HTMLElement): () => void {
  let held: Element | undefined;
  const touched = () => {
    for (const type of FIRST_TOUCH) element.removeEventListener(type, touched, true);
    void wake(element, 'touch');
  };
  const hold = (event: MouseEvent) => {
    if (answering.has(element) || !(event.target instanceof Element)) {
      element.removeEventListener('click', hold, true);
      return;
    }
    // A field answers its own click (a box ticks, a choice is chosen, a caret is placed), and the
    // island adopts what the field then holds when it wakes: held, the tick would vanish under the
    // finger and come back a moment later.
    if (event.target.closest('input, select, textarea, label')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const first = held === undefined;
    held = event.target;
    if (!first) return;
    tell(element, { type: 'click.held' });
    void wake(element).then(() => {
      if (held?.isConnected && element.contains(held)) {
        held.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
      }
    });
  };
  for (const type of FIRST_TOUCH) element.addEventListener(type, touched, { capture: true, passive: true });
  element.addEventListener('click', hold, true);
  return () => {
    for (const type of FIRST_TOUCH) element.removeEventListener(type, touched, true);
  };
}

/** Wakes the island as it comes near the viewport (never while the page does not show it). */
function wakeNearViewport(element: HTMLElement): () => void {
  watcher ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        watcher?.unobserve(entry.target);
        const island = entry.target.closest<HTMLElement>('[data-island]');
        if (island) void wake(island, 'view');
      }
    },
    { rootMargin: `${NEAR}px 0px` },
  );
  const box = boxOf(element);
  watcher.observe(box);
  return () => watcher?.unobserve(box);
}

/** Starts the island's run of its chart, from what the page says of it now, while the inspector is on. */
function followWake(element: HTMLElement, when: IslandWhen): void {
  if (!inspect) return;
  const name = element.dataset.island ?? '';
  const input: IslandWakeInput = {
    name,
    when,
    nearViewport: !('IntersectionObserver' in window) || nearViewport(element),
    touchedAlready: touchedAlready(element),
    hiddenUntilWoken: !shown(element) && Boolean(islandModule(name)?.showsItself),
  };
  tellFlow((flows) => flows.follow(element, input));
}

/**
 * Brings the islands under `root` to life, each when its `data-when` says (registry.ts): those
 * wanted at once now (the promise settles when they are), the others when what they wait for
 * comes: the viewport, the browser's news, or the visitor's first reach into one (someone typing
 * into the subscribe box before it scrolled near enough, or into the sign-in form).
 */
export function wakeIslands(root: ParentNode): Promise<void> {
  const now: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = (element.dataset.when ?? 'load') as IslandWhen;
    const needed = when === 'needed' ? WHEN_NEEDED[element.dataset.island as keyof typeof WHEN_NEEDED] : undefined;
    // One waiting for news no watcher brings wakes at once.
    followWake(element, when === 'needed' && !needed ? 'load' : when);
    if (needed) {
      // Woken by its watcher, possibly at once (the offer came before this code ran).
      waiting.set(element, () => undefined);
      const stop = needed(() => void wake(element, 'news'));
      if (waiting.has(element)) waiting.set(element, stop);
      continue;
    }
    const later =
      // One in view now is wanted now: the page is not ready until what the visitor sees answers.
      (when === 'visible' && 'IntersectionObserver' in window && !nearViewport(element)) ||
      // One reached into before this code ran has had its first touch. One the page hides waits
      // to be shown and touched (a burger on a wide screen), unless only its code can show it.
      (when === 'touch' &&
        !touchedAlready(element) &&
        (shown(element) || !islandModule(element.dataset.island ?? '')?.showsItself));
    if (!later) {
      now.push(wake(element));
      continue;
    }
    const stops = [wakeOnFirstTouch(element)];
    if (when === 'visible') stops.push(wakeNearViewport(element));
    // Not for one the page hides: a wide screen never fetches the burger's code.
    else if (shown(element)) fetchAhead(element);
    waiting.set(element, () => stops.forEach((stop) => stop()));
  }
  return Promise.all(now).then(() => undefined);
}

/** Lets every island under `root` go (before the page it is on is replaced). */
export function stopIslands(root: ParentNode): void {
  watcher?.disconnect();
  watcher = undefined;
  for (const [element, stop] of waiting) {
    if (!root.contains(element)) continue;
    waiting.delete(element);
    stop();
    tell(element, { type: 'island.stop' });
  }
  for (const [element, stop] of alive) {
    if (!root.contains(element)) continue;
    alive.delete(element);
    waking.delete(element);
    stop();
    tell(element, { type: 'island.stop' });
  }
}
