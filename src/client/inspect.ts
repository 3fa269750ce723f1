/**
 * Who watches the machines. Pass `inspect` to useMachine/useActor/createActor options.
 * - The back-office always records its flows for the built-in inspector (/admin/flows), which
 *   shows them live from this tab or another (flows/recorder.ts; nothing leaves the browser).
 * - A public page records its islands' flows only with `?flows` in the address, for a signed-in
 *   admin; for anyone else the switch does nothing, and the recorder's code is not even loaded.
 * - `?flows=stately` also opens Stately's hosted inspector (it needs the internet), and so does
 *   `?inspect` under `npm run dev`.
 * - Under `npm run dev` every page records, and a Flows button opens the inspector beside it
 *   (flows/dev-panel.ts).
 */
import type { InspectionEvent } from 'xstate';

type Observe = (event: InspectionEvent) => void;

export let inspect: Observe | undefined;

/** Whether the stored staff session is an admin's (asked of the server: the browser's word is not enough). */
async function signedInAdmin(): Promise<boolean> {
  // Loaded only when the switch is in the address: a visitor's page carries none of it.
  const [{ getToken }, { adminApi }] = await Promise.all([import('./api/session'), import('./api/http')]);
  if (!getToken()) return false;
  try {
    return (await adminApi<{ data: { role?: unknown } }>('me')).data.role === 'admin';
  } catch {
    return false;
  }
}

/** Under `npm run dev` (not under Vitest, whose mode is `test`). */
const devServer = import.meta.env.MODE === 'development';

/** Sets `inspect`; `record` is the back-office's (flows/tab-record.ts), which it imports itself. */
export async function startInspector(record?: Observe): Promise<void> {
  const asked = new URLSearchParams(window.location.search);
  const observers: Observe[] = [];
  if (record) observers.push(record);
  // Under `npm run dev` every page records, and offers the inspector beside it (flows/dev-panel.ts).
  else if (devServer || (asked.has('flows') && (await signedInAdmin()))) {
    const recorder = await import('./flows/recorder');
    recorder.answerInspectors();
    observers.push(recorder.record);
  }
  const hosted = (import.meta.env.DEV && asked.has('inspect')) || (observers.length > 0 && asked.get('flows') === 'stately');
  if (hosted) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const stately = createBrowserInspector().inspect;
    observers.push((event) => stately.next?.(event));
  }
  inspect = observers.length === 0 ? undefined : (event) => observers.forEach((observe) => observe(event));
  if (devServer && inspect && !location.pathname.startsWith('/admin/flows')) {
    const { showDevPanel } = await import('./flows/dev-panel');
    showDevPanel();
  }
}
