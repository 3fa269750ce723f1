/**
 * The settings an admin changes at run time: which roles must use two-factor sign-in, how long
 * activity is kept, and how many earlier states History keeps per record.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../shared/entities';
import { recordActivity } from '../activity/activity-log';
import { needs } from '../plugins/auth';
import { itemEnvelope, openObject } from './response-schemas';
import { operation } from '../openapi';

const settingsBody = z.strictObject({
  requireTwoFactor: z.array(z.enum(ROLES, { error: `Roles are ${ROLES.join(', ')}` })).optional(),
  activityRetentionDays: z.number({ error: 'Retention must be a number of days' }).int().min(1).max(3650).optional(),
  revisionsPerRecord: z
    .number({ error: 'Revisions kept must be a number' })
    .int()
    .min(1, 'Keep at least 1 revision per record')
    .max(1000, 'Keep at most 1000 revisions per record')
    .optional(),
});
const tags = ['System'];
const settingsAnswer = openObject({
  requireTwoFactor: { type: 'array', items: { type: 'string', enum: [...ROLES] } },
  activityRetentionDays: { type: 'integer' },
  revisionsPerRecord: { type: 'integer' },
});

export async function securitySettingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const answer = { 200: itemEnvelope(settingsAnswer) };
  const readSchema = { ...operation('settings.get', 'Read the security settings'), tags, response: answer };
  api.get('/security-settings', { config: needs('settings', 'read'), schema: readSchema }, async () => ({
    data: await app.ctx.settings.get(),
  }));

  api.put(
    '/security-settings',
    {
      config: needs('settings', 'update'),
      schema: { ...operation('settings.update', 'Change the security settings'), tags, body: settingsBody, response: answer },
    },
    async (request) => {
      const before = await app.ctx.settings.get();
      const after = await app.ctx.settings.set(request.body);
      const changes = Object.fromEntries(
        Object.keys(request.body)
          .filter(
            (key) => JSON.stringify(before[key as keyof typeof before]) !== JSON.stringify(after[key as keyof typeof after]),
          )
          .map((key) => [key, [before[key as keyof typeof before], after[key as keyof typeof after]] as [unknown, unknown]]),
      );
      await recordActivity(request, { action: 'settings-change', appKey: null, entity: 'settings', changes });
      return { data: after };
    },
  );
}
