/**
 * One island of a public page coming to life (src/client/islands/hydrate.ts), each when its
 * `data-when` says (islands/registry.ts):
 * - `load`: at once;
 * - `visible`: at once when it is near the viewport already (or the browser cannot watch it), else
 *   `waitingForView` until it comes near or the visitor reaches into it;
 * - `touch`: `waitingForTouch` until the visitor's first reach into it (a pointer over it, a
 *   focus, a press, a key, autofill), unless that came before the code ran, or the page hides it
 *   until its own code decides whether to show it;
 * - `needed`: `waitingForNews` until the browser's news it waits for comes (an offer to install).
 * `waking` loads its code (and the site's words, React DOM) and hydrates it; a click that came
 * before it answered is held and given to the same element once it does (`heldClick`). It then
 * `answers` the visitor, or `couldNotStart` (offline, a new build replaced its code) and stays as
 * the server drew it, readable. It is `stopped` when the page it is on is replaced.
 *
 * hydrate.ts does the work and decides; it tells this chart each step only while the flow inspector
 * is switched on (`?flows`, a signed-in admin), so a visitor's page carries none of XState.
 */
import { assign, setup } from 'xstate';

export type IslandWhen = 'load' | 'visible' | 'touch' | 'needed';

/** The island, and what the page said of it as its code started. */
export interface IslandWakeInput {
  name: string;
  when: IslandWhen;
  /** Near enough to the viewport to be wanted now (always, where the browser cannot watch it). */
  nearViewport: boolean;
  /** The visitor reached into it before the code ran (the focus, a field changed). */
  touchedAlready: boolean;
  /** Hidden until its own code decides whether to show it (the sign-in form), so no touch can come. */
  hiddenUntilWoken: boolean;
}

export type WakeReason = 'view' | 'touch' | 'news';

export interface IslandWakeContext extends IslandWakeInput {
  /** What woke it: the page's start, the viewport, a touch, the browser's news. */
  wokenBy: WakeReason | 'start' | null;
  heldClick: boolean;
  error: string | null;
}

export type IslandWakeEvent =
  | { type: 'island.wake'; by: WakeReason }
  /** A click before it answered, held to be given once it does. */
  | { type: 'click.held' }
  | { type: 'island.answering' }
  | { type: 'island.failed'; error: string }
  | { type: 'island.stop' };

export const islandWakeMachine = setup({
  types: {
    context: {} as IslandWakeContext,
    events: {} as IslandWakeEvent,
    input: {} as IslandWakeInput,
  },
  actions: {
    wokenAtStart: assign({ wokenBy: 'start' as const }),
    storeReason: assign(({ event }) => (event.type === 'island.wake' ? { wokenBy: event.by } : {})),
    holdClick: assign({ heldClick: true }),
    // A click with no reach before it (a script's, a keyboard's press on a link) wakes it too.
    holdWakingClick: assign({ heldClick: true, wokenBy: 'touch' as const }),
    giveHeldClick: assign({ heldClick: false }),
    storeError: assign(({ event }) => (event.type === 'island.failed' ? { error: event.error } : {})),
  },
  guards: {
    // At the page's start: one wanted at once, one in view already, one reached into already or
    // that only its code can show.
    wantedNow: ({ context }) =>
      context.when === 'load' ||
      (context.when === 'visible' && context.nearViewport) ||
      (context.when === 'touch' && (context.touchedAlready || context.hiddenUntilWoken)),
    forView: ({ context }) => context.when === 'visible',
    forTouch: ({ context }) => context.when === 'touch',
    byView: ({ event }) => event.type === 'island.wake' && event.by === 'view',
    byTouch: ({ event }) => event.type === 'island.wake' && event.by === 'touch',
    byNews: ({ event }) => event.type === 'island.wake' && event.by === 'news',
    clickHeld: ({ context }) => context.heldClick,
  },
}).createMachine({
  id: 'islandWake',
  context: ({ input }) => ({ ...input, wokenBy: null, heldClick: false, error: null }),
  initial: 'starting',
  on: { 'island.stop': '.stopped' },
  states: {
    starting: {
      always: [
        { guard: 'wantedNow', target: 'waking', actions: 'wokenAtStart' },
        { guard: 'forView', target: 'waitingForView' },
        { guard: 'forTouch', target: 'waitingForTouch' },
        { target: 'waitingForNews' },
      ],
    },
    waitingForView: {
      on: {
        'island.wake': [
          { guard: 'byView', target: 'waking', actions: 'storeReason' },
          { guard: 'byTouch', target: 'waking', actions: 'storeReason' },
        ],
        'click.held': { target: 'waking', actions: 'holdWakingClick' },
      },
    },
    waitingForTouch: {
      on: {
        'island.wake': { guard: 'byTouch', target: 'waking', actions: 'storeReason' },
        'click.held': { target: 'waking', actions: 'holdWakingClick' },
      },
    },
    waitingForNews: {
      on: { 'island.wake': { guard: 'byNews', target: 'waking', actions: 'storeReason' } },
    },
    waking: {
      on: {
        'click.held': { actions: 'holdClick' },
        'island.answering': [{ guard: 'clickHeld', target: 'answering', actions: 'giveHeldClick' }, { target: 'answering' }],
        // Given the held click too: a plain link then still goes where it points.
        'island.failed': [
          { guard: 'clickHeld', target: 'couldNotStart', actions: ['storeError', 'giveHeldClick'] },
          { target: 'couldNotStart', actions: 'storeError' },
        ],
      },
    },
    answering: {},
    couldNotStart: {},
    stopped: { type: 'final' },
  },
});
