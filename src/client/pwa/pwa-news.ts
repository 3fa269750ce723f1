import type { DeliveredNote } from '../site/forms/outbox';
import type { Connectivity } from './connectivity';

export interface PwaState {
  connectivity: Connectivity;
  updateWaiting: boolean;
  unsentSaves: number;
  /** A visitor's forms, kept while offline, that have now gone (or been refused). */
  delivered: DeliveredNote[];
}

/** Whether the offline banner, the update prompt or a delivered form has something to say. */
export const hasPwaNews = ({ connectivity, updateWaiting, delivered }: PwaState) =>
  !connectivity.browserOnline || connectivity.serverUnreachable || updateWaiting || delivered.length > 0;
