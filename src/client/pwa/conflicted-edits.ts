/**
 * Edits that reached the server only to find the record saved by someone else since, while no form
 * was open to show the comparison (a save made offline, then the page reloaded). They are kept on
 * this device, like the pending save they came from, until the record's form is opened again and
 * shows them side by side with what is stored: an edit is never overwritten, and never dropped.
 * A review step refused as stale is kept the same way, for the record's Review card to show.
 * Each is its owner's (admin/session/session-owner.ts): shown only to them, dropped when they sign out.
 */
import { currentOwner, discardedWith, maySend } from '../admin/session/session-owner';
import { localStorageOrNone } from './local-storage';

export interface ConflictedEdit {
  resource: string;
  id: string;
  /** The body the save sent (the form's payload). */
  body: Record<string, unknown>;
  at: string;
  /** Who made the edit. */
  owner?: string;
  /** A refused review step (entity-saves.ts): `body` is then the record as its sender saw it. */
  review?: string;
}

export const CONFLICTED_EDITS_KEY = 'orgsite-conflicted-edits';

/** The signed-in person's kept edits. */
export const conflictedEdits = (): ConflictedEdit[] => stored().filter((edit) => maySend(edit.owner, currentOwner()));

function stored(): ConflictedEdit[] {
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

const sameRecord = (edit: ConflictedEdit, resource: string, id: string, owner: string | null | undefined) =>
  edit.resource === resource && edit.id === id && edit.owner === owner;

/** Keeps an edit the server refused as stale (the newest per record and person wins). */
export function keepConflictedEdit(edit: Omit<ConflictedEdit, 'at'>): void {
  write([
    ...stored().filter((e) => !sameRecord(e, edit.resource, edit.id, edit.owner)),
    { ...edit, at: new Date().toISOString() },
  ]);
}

/** Removes and returns the signed-in person's kept edit of one record, if any. */
export function takeConflictedEdit(resource: string, id: string): ConflictedEdit | undefined {
  const edits = stored();
  const owner = currentOwner();
  const found = edits.find((e) => e.resource === resource && e.id === id && maySend(e.owner, owner));
  if (found) write(edits.filter((e) => e !== found));
  return found;
}

/** Signing out as `owner`: their kept edits go. */
export function discardConflictedEditsOf(owner: string | null): void {
  const edits = stored();
  const kept = edits.filter((edit) => !discardedWith(edit.owner, owner));
  if (kept.length !== edits.length) write(kept);
}
