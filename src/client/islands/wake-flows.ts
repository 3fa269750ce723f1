/**
 * Each island's wake (hydrate.ts) as a run of its chart (machines/island-wake.ts), for the flow
 * inspector: loaded, with XState, only while it is switched on (`?flows`, a signed-in admin).
 */
import { islandWakeMachine } from '../../../machines/island-wake';
import { toldRuns } from '../flows/told-runs';

export const { follow, tell } = toldRuns<HTMLElement, typeof islandWakeMachine>(islandWakeMachine);
