/**
 * The back-office's English words that the sign-in screen draws (its island carries only these;
 * en.ts, which includes them, comes with the signed-in app): the screen's own, the rules' refusals
 * its fields may show, and the digits numbers are written in.
 */
export const adminEnSignIn = {
  'login.title': 'Admin sign in',
  'login.failed': 'Could not sign in',
  'login.verify': 'Verify',
  'login.backToPassword': 'Back to the password',
  'login.remember': 'Remember Me',
  'login.forgot': 'Forgot Password',
  'login.submit': 'Sign in',
  'login.create': 'Create an account',
  'login.needAccount': 'Need an account?',
  'login.needAccountText': 'Staff accounts are created by an administrator on the Users screen. Ask one to add you.',
  'login.language': 'Language',
  'common.close': 'Close',
  'rule.required': '{{field}} is required',
  'rule.maxLength': '{{field}} must be at most {{limit}} characters',
  'rule.password': '{{field}} must be at least 8 characters',
  'rule.email': '{{field}} must be a valid email address',
  'rule.integer': '{{field}} must be a whole number',
  'rule.number': '{{field}} must be a number',
  'rule.min': '{{field}} must be at least {{limit}}',
  'rule.max': '{{field}} must be at most {{limit}}',
  'rule.digits': '{{field}} may contain digits only',
  'rule.date': '{{field}} must be a date (YYYY-MM-DD)',
  'rule.oneOf': '{{field}} must be one of: {{choices}}',
  'number.digits': '0123456789',
} as const;
