/**
 * The fields of the back-office's own forms (signing in, the second step's code, a new password,
 * confirming who you are), defined as an entity's are, so the admin draws them through the same
 * field registry (client/admin/form/field-registry.tsx).
 */
import { f } from './entities/define';

export const SIGN_IN_FIELDS = {
  identifier: f.text('Email or phone', { required: true, autoComplete: 'username' }),
  password: f.password('Password', { required: true, autoComplete: 'current-password' }),
};

export const SIGN_IN_CODE_FIELDS = {
  code: f.text('Authentication code', {
    required: true,
    hint: 'The 6-digit code from your authenticator app, or one of your recovery codes',
    autoComplete: 'one-time-code',
  }),
};

export const NEW_PASSWORD_FIELDS = {
  password: f.password('New password', { required: true }),
  confirm_password: f.password('Confirm new password', { required: true }),
};

/** Asked before a change of the address one signs in with. */
export const CURRENT_PASSWORD_FIELDS = {
  current_password: f.password('Current password', {
    hint: 'Needed to change the email or phone you sign in with',
    autoComplete: 'current-password',
  }),
};

/** A signed-in user's change of password (My Profile). */
export const CHANGE_PASSWORD_FIELDS = {
  current_password: f.password('Current password', { required: true, autoComplete: 'current-password' }),
  ...NEW_PASSWORD_FIELDS,
};
