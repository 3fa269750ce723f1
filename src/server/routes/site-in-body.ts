/**
 * The spec's own client names the site in its POST bodies as well as in the header (`app_key`;
 * socials send `APP_KEY`). Such a body is accepted when it names the header's application, and
 * the field is dropped before validation; naming another site is a 400 on that field, so a body
 * can never move a write into another site.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import { appKeyOf } from '../plugins/tenant';

const SITE_FIELDS = ['app_key', 'APP_KEY'];

export async function acceptSiteInBody(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  for (const field of SITE_FIELDS) {
    if (!(field in fields)) continue;
    if (fields[field] !== appKeyOf(request)) {
      const message = `${field} must name the same application as the app_key header`;
      throw badRequest(message, { [field]: message });
    }
    delete fields[field];
  }
}
