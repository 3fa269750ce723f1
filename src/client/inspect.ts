/**
 * `?inspect` in the URL (development builds only) opens the Stately inspector and streams every
 * machine's events to it. Pass `inspect` to useMachine/useActor/createActor options.
 */
import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

export let inspect: Inspect;

export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || !new URLSearchParams(window.location.search).has('inspect')) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}
