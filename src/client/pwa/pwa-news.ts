import type { Connectivity } from './connectivity';

export interface PwaState {
  connectivity: Connectivity;
  updateWaiting: boolean;
  unsentSaves: number;
}

/** Whether the offline banner or the update prompt has something to say. */
export const hasPwaNews = ({ connectivity, updateWaiting }: PwaState) =>
  !connectivity.browserOnline || connectivity.serverUnreachable || updateWaiting;
