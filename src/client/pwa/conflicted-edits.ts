/**
 * Edits that reached the server only to find the record saved by someone else since, while no form
 * was open to show the comparison (a save made offline, then the page reloaded). They are kept on
 * this device, like the pending save they came from, until the record's form is opened again and
 * shows them side by side with what is stored: an edit is never overwritten, and never dropped.
 */
import { localStorageOrNone } from './local-storage';

export interface ConflictedEdit {
  resource: string;
  id: string;
  /** The body the save sent (the form's payload). */
  body: Record<string, unknown>;
  at: string;
}

export const CONFLICTED_EDITS_KEY = 'orgsite-conflicted-edits';

export function conflictedEdits(): ConflictedEdit[] {
  try {
    const parsed = JSON.parse(localStorageOrNone()?.getItem(CONFLICTED_EDITS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as ConflictedEdit[]) : [];
  } catch {
    return [];
  }
}

function write(edits: ConflictedEdit[]): void {
  localStorageOrNone()?.setItem(CONFLICTED_EDITS_KEY, JSON.stringify(edits));
}

const sameRecord = (edit: ConflictedEdit, resource: string, id: string) => edit.resource === resource && edit.id === id;

/** Keeps an edit the server refused as stale (the newest per record wins). */
export function keepConflictedEdit(edit: Omit<ConflictedEdit, 'at'>): void {
  write([...conflictedEdits().filter((e) => !sameRecord(e, edit.resource, edit.id)), { ...edit, at: new Date().toISOString() }]);
}

/** Removes and returns the kept edit of one record, if any. */
export function takeConflictedEdit(resource: string, id: string): ConflictedEdit | undefined {
  const edits = conflictedEdits();
  const found = edits.find((e) => sameRecord(e, resource, id));
  if (found) write(edits.filter((e) => e !== found));
  return found;
}
