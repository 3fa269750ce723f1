/** The activity log's vocabulary, shared by the server that writes it and the screen that reads it. */
export const ACTIVITY_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'create',
  'update',
  'delete',
  'trash',
  'restore',
  'publish',
  /** Review before publishing (issue #61): a record submitted, approved, or sent back with a comment. */
  'review-submit',
  'review-approve',
  'review-changes',
  'role-change',
  'password-change',
  'settings-change',
  'sessions-revoked',
  'two-factor-change',
  'reset-link-made',
  'upload',
  /** A person's data erased by address: the counts only, never the address. */
  'person-erase',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One entry as GET /cms/api/activity returns it. */
export interface ActivityEntry {
  id: number;
  created_at: string;
  user_id: number | null;
  user_name: string | null;
  action: ActivityAction;
  app_key: string | null;
  entity: string | null;
  record_id: number | null;
  ip: string | null;
  user_agent: string | null;
  /** For updates: `{field: [before, after]}`. */
  changes: Record<string, [unknown, unknown]> | null;
}
