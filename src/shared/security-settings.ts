/** The settings an admin changes at run time (GET/PUT /cms/api/security-settings). */
import { LIMITS } from './limits';
import type { Role } from './entities';

export interface SecuritySettings {
  /** Roles whose users must sign in with a second factor. */
  requireTwoFactor: Role[];
  /** Days the activity log keeps an entry. */
  activityRetentionDays: number;
  /** Earlier states History keeps per record; older ones are removed on the next save. */
  revisionsPerRecord: number;
}

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  requireTwoFactor: [],
  activityRetentionDays: LIMITS.activityRetentionDays,
  revisionsPerRecord: LIMITS.revisionsPerRecord,
};
