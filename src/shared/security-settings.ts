/** The settings an admin changes at run time (GET/PUT /cms/api/security-settings). */
import { LIMITS } from './limits';
import { f, ROLE_CHOICES, type Role } from './entities';

export interface SecuritySettings {
  /** Roles whose users must sign in with a second factor. */
  requireTwoFactor: Role[];
  /** Days the activity log keeps an entry. */
  activityRetentionDays: number;
  /** Earlier states History keeps per record; older ones are removed on the next save. */
  revisionsPerRecord: number;
}

/** The settings' fields, as the Security screen draws them (through the admin's field registry). */
export const SECURITY_SETTINGS_FIELDS = {
  requireTwoFactor: f.select('Require two-factor sign-in for', {
    multiple: true,
    choices: ROLE_CHOICES,
    hint: 'Users of these roles must set it up under My Profile before they can work.',
  }),
  activityRetentionDays: f.number('Keep activity for (days)', {
    min: 1,
    max: 3650,
    hint: 'Older entries of the activity log are removed.',
  }),
  revisionsPerRecord: f.number('Keep earlier versions per record', {
    min: 1,
    max: 1000,
    hint: 'History keeps this many earlier states of each record; older ones are removed on the next save.',
  }),
};

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  requireTwoFactor: [],
  activityRetentionDays: LIMITS.activityRetentionDays,
  revisionsPerRecord: LIMITS.revisionsPerRecord,
};
