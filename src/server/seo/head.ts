/**
 * What the server writes into <head> of the SPA's HTML for a public URL: the client's config
 * (which site, where the API is) and the page title.
 */
import type { FastifyRequest } from 'fastify';
import { findApplication } from '../plugins/tenant';

export interface RenderedHead {
  head: string;
  status: number;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function renderHead(request: FastifyRequest): Promise<RenderedHead> {
  const { appKey } = request.server.ctx.config;
  const site = await findApplication(request, appKey);
  const clientConfig = JSON.stringify({ apiBase: '/cms', appKey });
  const title = String(site?.meta_title || site?.title || site?.name || 'Website');
  return {
    head: [
      `<meta name="app-config" content="${escapeHtml(clientConfig)}">`,
      `<title>${escapeHtml(title)}</title>`,
    ].join('\n    '),
    status: 200,
  };
}
