/** A webhook's signing secret is made by the server when the webhook is created, never sent by a client. */
import { randomBytes } from 'node:crypto';
import type { EntityHooks } from './entity-service';

export const webhookHooks: EntityHooks = {
  beforeWrite(values, ctx) {
    return ctx.mode === 'create' ? { ...values, secret: `whsec_${randomBytes(24).toString('base64url')}` } : values;
  },
};
