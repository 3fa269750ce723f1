/** Users: passwords are hashed before storage, must be confirmed, and are required on create. */
import { badRequest } from '../errors';
import { hashPassword } from '../security/passwords';
import type { EntityHooks } from './entity-service';

export const userHooks: EntityHooks = {
  async beforeWrite(values, ctx) {
    const { password, confirm_password: confirm, ...rest } = values;
    if (typeof rest.email === 'string') rest.email = rest.email.toLowerCase();
    if (!password) {
      if (ctx.mode === 'create') throw badRequest('Password is required', { password: 'Password is required' });
      return rest;
    }
    if (confirm !== password) {
      throw badRequest('Passwords do not match', { confirm_password: 'Passwords do not match' });
    }
    return { ...rest, password: await hashPassword(String(password)) };
  },
};
