/**
 * Socials and subscribers carry the numeric id of their application as well as its key (the
 * spec's records have `app_id`). Clients never send it: it is filled in on create.
 */
import type { EntityHooks } from './entity-service';

export const appIdHooks: EntityHooks = {
  async beforeWrite(values, ctx) {
    if (ctx.mode !== 'create') return values;
    const app = await ctx.db.selectFrom('applications').select('id').where('app_key', '=', ctx.appKey).executeTakeFirst();
    return { ...values, app_id: app?.id ?? null };
  },
};
