/**
 * The permission matrix, generated from the role definition (src/shared/rights.ts): every role ×
 * every admin route × a record of their own and someone else's × their own site and another
 * gives the status the definition implies, and a refused write changes nothing. Then the
 * escalations staff tried by hand, as named tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDef, hasTrash, isPublishable, localizedFields, type ResourceName } from '../../src/shared/entities';
import { type Action, rightOf, ROLES, type Role, type Subject } from '../../src/shared/rights';
import {
  ADMIN,
  APP_KEY,
  createOtherApplication,
  dialects,
  multipart,
  OTHER_APP_KEY,
  PNG,
  type SignedIn,
  signInAs,
  startTestApp,
  type TestApp,
} from './harness';
import { sampleBody } from './samples';

type Site = typeof APP_KEY | typeof OTHER_APP_KEY;
type Owner = 'own' | 'other';

interface Route {
  subject: Subject;
  action: Action;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';
  /** The route as the OpenAPI document names it. */
  template: string;
  /** Whether the route acts on one record, made before the request (by the caller when `own`). */
  onRecord: boolean;
  /** The status of success, when not the method's usual one. */
  success?: number;
  /** A query the route needs (after the template's `?`). */
  query?: string;
}

/** The review transitions (routes/review.ts), the right each needs, and the stage a record must be in for it. */
const REVIEW_MOVES = [
  ['submit', 'update', 'draft'],
  ['approve', 'review', 'in_review'],
  ['request-changes', 'review', 'in_review'],
  ['publish', 'review', 'approved'],
] as const;

const SUCCESS: Record<Route['method'], number> = { GET: 200, POST: 201, PUT: 200, DELETE: 200, PATCH: 200, HEAD: 200 };
const entityNames = (Object.keys(ENTITIES) as ResourceName[]).filter((name) => name !== 'applications');

/** A text field every entity has that a test may change freely. */
const plainTextField = (def: EntityDef) =>
  Object.entries(def.fields).find(([, f]) => f.kind === 'text' && !f.pattern && !f.unique && !f.readOnly)![0];

const ROUTES: Route[] = [
  ...entityNames.flatMap((name): Route[] => {
    const def: EntityDef = ENTITIES[name];
    const base = `/cms/api/${def.resource}`;
    const reads: Route[] = [
      { subject: name, action: 'read', method: 'GET', template: base, onRecord: false },
      { subject: name, action: 'read', method: 'GET', template: `${base}/{id}`, onRecord: true },
      { subject: name, action: 'delete', method: 'DELETE', template: `${base}/{id}`, onRecord: true },
    ];
    const trash: Route[] = hasTrash(def)
      ? [
          { subject: name, action: 'delete', method: 'GET', template: `${base}/trash`, onRecord: false },
          { subject: name, action: 'delete', method: 'POST', template: `${base}/{id}/restore`, onRecord: true, success: 200 },
        ]
      : [];
    const publishing: Route[] = isPublishable(def)
      ? [
          { subject: name, action: 'update', method: 'GET', template: `${base}/{id}/draft`, onRecord: true },
          { subject: name, action: 'update', method: 'PUT', template: `${base}/{id}/draft`, onRecord: true },
          { subject: name, action: 'update', method: 'DELETE', template: `${base}/{id}/draft`, onRecord: true },
          { subject: name, action: 'update', method: 'POST', template: `${base}/{id}/publish`, onRecord: true, success: 200 },
          // Only where the site shows the record (a newsletter has drafts, and no page to preview them on).
          ...(def.public?.preview
            ? [
                {
                  subject: name,
                  action: 'update',
                  method: 'POST',
                  template: `${base}/{id}/preview-link`,
                  onRecord: true,
                  success: 200,
                } as const,
              ]
            : []),
        ]
      : [];
    // Review before publishing: the stage and thread, a comment, and each transition with its right.
    const review: Route[] = def.review
      ? [
          { subject: name, action: 'read', method: 'GET', template: `${base}/{id}/review`, onRecord: true },
          { subject: name, action: 'update', method: 'POST', template: `${base}/{id}/review/comments`, onRecord: true },
          ...REVIEW_MOVES.map(([move, action]): Route => ({
            subject: name,
            action,
            method: 'POST',
            template: `${base}/{id}/review/${move}`,
            onRecord: true,
            success: 200,
          })),
        ]
      : [];
    const translations: Route[] = localizedFields(def).length
      ? [{ subject: name, action: 'update', method: 'DELETE', template: `${base}/{id}/translations/{locale}`, onRecord: true }]
      : [];
    const exports: Route[] = def.exportable
      ? [{ subject: name, action: 'read', method: 'GET', template: `${base}/export.csv`, onRecord: false }]
      : [];
    if (def.readOnlyResource) return [...reads, ...trash, ...exports];
    return [
      ...reads,
      ...trash,
      ...exports,
      ...publishing,
      ...review,
      ...translations,
      { subject: name, action: 'create', method: 'POST', template: base, onRecord: false },
      { subject: name, action: 'update', method: 'PUT', template: `${base}/{id}`, onRecord: true },
      { subject: name, action: 'read', method: 'GET', template: `${base}/{id}/revisions`, onRecord: true },
      { subject: name, action: 'update', method: 'POST', template: `${base}/{id}/presence`, onRecord: true, success: 200 },
      { subject: name, action: 'update', method: 'DELETE', template: `${base}/{id}/presence`, onRecord: true },
      { subject: name, action: 'read', method: 'GET', template: `${base}/{id}/revisions/{revisionId}`, onRecord: true },
      {
        subject: name,
        action: 'update',
        method: 'POST',
        template: `${base}/{id}/revisions/{revisionId}/restore`,
        onRecord: true,
        success: 200,
      },
    ];
  }),
  { subject: 'users', action: 'update', method: 'POST', template: '/cms/api/users/{id}/sign-out', onRecord: true, success: 200 },
  {
    subject: 'users',
    action: 'update',
    method: 'POST',
    template: '/cms/api/users/{id}/reset-link',
    onRecord: true,
    success: 200,
  },
  { subject: 'users', action: 'update', method: 'DELETE', template: '/cms/api/users/{id}/two-factor', onRecord: true },
  { subject: 'settings', action: 'read', method: 'GET', template: '/cms/api/security-settings', onRecord: false },
  { subject: 'settings', action: 'update', method: 'PUT', template: '/cms/api/security-settings', onRecord: false },
  { subject: 'applications', action: 'read', method: 'GET', template: '/cms/api/applications', onRecord: false },
  { subject: 'applications', action: 'read', method: 'GET', template: '/cms/api/applications/{key}', onRecord: false },
  { subject: 'applications', action: 'create', method: 'POST', template: '/cms/api/applications', onRecord: false },
  { subject: 'applications', action: 'update', method: 'PUT', template: '/cms/api/applications/{key}', onRecord: false },
  { subject: 'applications', action: 'delete', method: 'DELETE', template: '/cms/api/applications/{key}', onRecord: true },
  { subject: 'applications', action: 'read', method: 'GET', template: '/cms/api/applications/{key}/revisions', onRecord: false },
  {
    subject: 'applications',
    action: 'read',
    method: 'GET',
    template: '/cms/api/applications/{key}/revisions/{revisionId}',
    onRecord: false,
  },
  {
    subject: 'applications',
    action: 'update',
    method: 'POST',
    template: '/cms/api/applications/{key}/revisions/{revisionId}/restore',
    onRecord: false,
    success: 200,
  },
  {
    subject: 'applications',
    action: 'update',
    method: 'POST',
    template: '/cms/api/applications/{key}/presence',
    onRecord: false,
    success: 200,
  },
  {
    subject: 'applications',
    action: 'update',
    method: 'DELETE',
    template: '/cms/api/applications/{key}/presence',
    onRecord: false,
  },
  { subject: 'messages', action: 'read', method: 'GET', template: '/cms/api/messages/unread-count', onRecord: false },
  { subject: 'messages', action: 'read', method: 'POST', template: '/cms/api/messages/{id}/read', onRecord: true, success: 200 },
  { subject: 'messages', action: 'read', method: 'DELETE', template: '/cms/api/messages/{id}/read', onRecord: true },
  // A form's entries, and their read marks: whoever reads entries keeps track of which are read.
  { subject: 'form-entries', action: 'read', method: 'GET', template: '/cms/api/form-entries/unread-count', onRecord: false },
  { subject: 'form-entries', action: 'read', method: 'GET', template: '/cms/api/forms/{id}/entries', onRecord: true },
  {
    subject: 'form-entries',
    action: 'read',
    method: 'POST',
    template: '/cms/api/form-entries/{id}/read',
    onRecord: true,
    success: 200,
  },
  { subject: 'form-entries', action: 'read', method: 'DELETE', template: '/cms/api/form-entries/{id}/read', onRecord: true },
  // The files a visitor sent with an entry (content/entry-files.ts): staff's who read entries, no one else's.
  { subject: 'form-entries', action: 'read', method: 'GET', template: '/cms/api/form-entries/{id}/files', onRecord: true },
  {
    subject: 'form-entries',
    action: 'read',
    method: 'GET',
    template: '/cms/api/form-entries/{id}/files/{file}',
    onRecord: true,
  },
  { subject: 'webhooks', action: 'read', method: 'GET', template: '/cms/api/webhooks/{id}/deliveries', onRecord: true },
  {
    subject: 'webhooks',
    action: 'update',
    method: 'POST',
    template: '/cms/api/webhooks/{id}/deliveries/{deliveryId}/resend',
    onRecord: true,
    success: 202,
  },
  { subject: 'files', action: 'read', method: 'GET', template: '/cms/api/files', onRecord: false },
  { subject: 'files', action: 'create', method: 'POST', template: '/cms/api/upload-single', onRecord: false },
  { subject: 'files', action: 'delete', method: 'DELETE', template: '/cms/api/delete-file/{filename}', onRecord: true },
  { subject: 'files', action: 'update', method: 'PATCH', template: '/cms/api/files/{filename}', onRecord: true },
  // Resumable uploads (tus): starting one, and acting on one the site has.
  { subject: 'files', action: 'create', method: 'POST', template: '/cms/api/tus', onRecord: false },
  { subject: 'files', action: 'create', method: 'HEAD', template: '/cms/api/tus/{id}', onRecord: true },
  // The part sent is the whole file (a shorter part than LIMITS.upload.minPartBytes must be the last): answered with it.
  { subject: 'files', action: 'create', method: 'PATCH', template: '/cms/api/tus/{id}', onRecord: true, success: 204 },
  { subject: 'files', action: 'create', method: 'DELETE', template: '/cms/api/tus/{id}', onRecord: true, success: 204 },
  { subject: 'files', action: 'create', method: 'GET', template: '/cms/api/tus/{id}', onRecord: true },
  { subject: 'report', action: 'read', method: 'GET', template: '/cms/api/app-report', onRecord: false },
  { subject: 'report', action: 'read', method: 'GET', template: '/cms/api/waiting', onRecord: false },
  { subject: 'activity', action: 'read', method: 'GET', template: '/cms/api/activity', onRecord: false },
  { subject: 'tokens', action: 'read', method: 'GET', template: '/cms/api/api-tokens', onRecord: false },
  { subject: 'tokens', action: 'create', method: 'POST', template: '/cms/api/api-tokens', onRecord: false },
  { subject: 'tokens', action: 'delete', method: 'DELETE', template: '/cms/api/api-tokens/{id}', onRecord: true },
  {
    subject: 'tokens',
    action: 'update',
    method: 'POST',
    template: '/cms/api/api-tokens/{id}/renew',
    onRecord: true,
    success: 200,
  },
  { subject: 'redirects', action: 'read', method: 'GET', template: '/cms/api/redirects', onRecord: false },
  { subject: 'analytics', action: 'read', method: 'GET', template: '/cms/api/analytics', onRecord: false },
  { subject: 'analytics', action: 'read', method: 'GET', template: '/cms/api/analytics/export.csv', onRecord: false },
  { subject: 'redirects', action: 'create', method: 'POST', template: '/cms/api/redirects', onRecord: false },
  { subject: 'redirects', action: 'update', method: 'PUT', template: '/cms/api/redirects/{id}', onRecord: true },
  { subject: 'redirects', action: 'delete', method: 'DELETE', template: '/cms/api/redirects/{id}', onRecord: true },
  { subject: 'redirects', action: 'read', method: 'GET', template: '/cms/api/redirects/export.csv', onRecord: false },
  {
    subject: 'redirects',
    action: 'create',
    method: 'POST',
    template: '/cms/api/redirects/import',
    onRecord: false,
    success: 200,
  },
  { subject: 'redirects', action: 'read', method: 'GET', template: '/cms/api/redirects/not-found', onRecord: false },
  {
    subject: 'people',
    action: 'read',
    method: 'GET',
    template: '/cms/api/people/export',
    onRecord: false,
    query: 'email=nobody%40example.org',
  },
  { subject: 'people', action: 'delete', method: 'POST', template: '/cms/api/people/erase', onRecord: false, success: 200 },
  // A newsletter's mailing: this test's server sends no mail, so a request past the rights is
  // answered 409 (mail is off) where a real one would send.
  { subject: 'mailing', action: 'read', method: 'GET', template: '/cms/api/newsletters/{id}/preview', onRecord: true },
  { subject: 'mailing', action: 'read', method: 'GET', template: '/cms/api/newsletters/{id}/report', onRecord: true },
  {
    subject: 'mailing',
    action: 'create',
    method: 'POST',
    template: '/cms/api/newsletters/{id}/test',
    onRecord: true,
    success: 409,
  },
  {
    subject: 'mailing',
    action: 'create',
    method: 'POST',
    template: '/cms/api/newsletters/{id}/send',
    onRecord: true,
    success: 409,
  },
];

/** What a tus request carries besides its body (a name for the file, and the type of a part). */
const tusHeaders = (more: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  'upload-metadata': `filename ${Buffer.from('part.png').toString('base64')}`,
  'content-type': 'application/offset+octet-stream',
  ...more,
});

/** Routes every signed-in user has for their own account (sessions.test.ts, two-factor.test.ts, notifications.test.ts). */
const OWN_ACCOUNT = [
  '/cms/api/logout',
  '/cms/api/me',
  '/cms/api/me/sessions',
  '/cms/api/me/sessions/{id}',
  '/cms/api/me/two-factor',
  '/cms/api/me/two-factor/setup',
  '/cms/api/me/two-factor/enable',
  '/cms/api/me/two-factor/recovery-codes',
  // One's own notifications and their mail switches (notifications.test.ts).
  '/cms/api/notifications',
  '/cms/api/notifications/read',
  '/cms/api/notifications/settings',
];
/** Routes for those not signed in. */
const SIGNED_OUT = ['/cms/api/login', '/cms/api/password-reset'];

interface Case {
  role: Role;
  route: Route;
  site: Site;
  owner: Owner;
  expected: number;
}

/** A resumable upload is its uploader's: one the caller may act on is one they started. */
const ownsUpload = (c: Case) =>
  c.route.template.startsWith('/cms/api/tus/') &&
  rightOf(c.role, 'files', 'create') !== undefined &&
  (c.role === 'admin' || c.site === APP_KEY);

/** Only entities that record who made a row have records of one's own distinct from others'. */
const hasOwner = (subject: Subject) =>
  subject in ENTITIES && Boolean((ENTITIES[subject as ResourceName] as EntityDef).ownerField);

function expectedStatus(role: Role, route: Route, site: Site, owner: Owner): number {
  if (role !== 'admin' && site !== APP_KEY) return 403;
  const scope = rightOf(role, route.subject, route.action);
  // A right over one's own records opens lists (the Trash) too, showing only one's own.
  if (!scope || (scope === 'own' && route.onRecord && owner !== 'own')) return 403;
  return route.success ?? SUCCESS[route.method];
}

const CASES: Case[] = ROLES.flatMap((role) =>
  ROUTES.flatMap((route) =>
    [APP_KEY, OTHER_APP_KEY].flatMap((site) => {
      const owners: Owner[] = route.onRecord && hasOwner(route.subject) ? ['own', 'other'] : ['other'];
      return (
        owners
          // A record of one's own exists only where the role may create one.
          .filter((owner) => owner === 'other' || rightOf(role, route.subject, 'create') !== undefined)
          .filter((owner) => owner === 'other' || role === 'admin' || site === APP_KEY)
          .map((owner) => ({
            role,
            route,
            site: site as Site,
            owner,
            expected: expectedStatus(role, route, site as Site, owner),
          }))
      );
    }),
  ),
);

describe.each(await dialects())('rights on %s', (dialect) => {
  let t: TestApp;
  const as = {} as Record<Role, SignedIn>;
  let counter = 0;

  // A fresh database and four sign-ins (each a password hash): longer than the default on a busy machine.
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
    for (const role of ROLES) as[role] = await signInAs(t, role);
  }, 60_000);
  afterAll(() => t?.close());

  const asAdminIn =
    (site: Site) =>
    (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.admin(method, url, body, { app_key: site, ...headers });

  /** A visitor's upload of a small PDF for field `cv` of form `formId`; its id, the field's answer. */
  async function visitorUpload(site: Site, formId: number): Promise<string> {
    const bytes = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    const headers = { 'app-key': site, 'tus-resumable': '1.0.0' };
    const started = await t.app.inject({
      method: 'POST',
      url: '/cms/form-uploads',
      headers: {
        ...headers,
        'upload-length': String(bytes.length),
        'upload-metadata': ['form', String(formId), 'field', 'cv', 'filename', 'cv.pdf']
          .reduce<string[]>(
            (pairs, value, i, all) => (i % 2 ? pairs : [...pairs, `${value} ${Buffer.from(all[i + 1]!).toString('base64')}`]),
            [],
          )
          .join(','),
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const at = started.headers.location as string;
    const whole = await t.app.inject({
      method: 'PATCH',
      url: at,
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: bytes,
    });
    expect(whole.statusCode, whole.body).toBe(204);
    return at.split('/').pop()!;
  }

  /** A fresh record for a request to act on, made by `maker` in `site`; returns the values of the route's placeholders. */
  async function makeTarget(route: Route, site: Site, maker: SignedIn | 'admin'): Promise<string[]> {
    const send =
      maker === 'admin'
        ? asAdminIn(site)
        : (m: string, u: string, b?: unknown, h: Record<string, string> = {}) => maker.send(m, u, b, { app_key: site, ...h });
    if (route.subject === 'applications') {
      const key = `throwaway-${++counter}`;
      const res = await asAdminIn(site)('POST', '/cms/api/applications', { app_key: key, name: key });
      expect(res.statusCode, res.body).toBe(201);
      return [key];
    }
    if (route.subject === 'tokens') {
      const res = await asAdminIn(site)('POST', '/cms/api/api-tokens', { name: `Target ${++counter}` });
      expect(res.statusCode, res.body).toBe(201);
      return [String(res.json().data.id)];
    }
    if (route.subject === 'redirects') {
      const res = await asAdminIn(site)('POST', '/cms/api/redirects', { from: `/target-${++counter}`, to: '/', code: 301 });
      expect(res.statusCode, res.body).toBe(201);
      return [String(res.json().data.id)];
    }
    if (route.template.startsWith('/cms/api/tus/')) {
      // An upload the site has, of the caller's own when they may upload there (another person's
      // upload does not exist for them); whole when the route reads what it became.
      const started = await send('POST', '/cms/api/tus', undefined, tusHeaders({ 'upload-length': String(PNG.length) }));
      expect(started.statusCode, started.body).toBe(201);
      const at = started.headers.location as string;
      if (route.method === 'GET') {
        const whole = await send('PATCH', at, PNG, tusHeaders({ 'upload-offset': '0' }));
        expect(whole.statusCode, whole.body).toBe(204);
      }
      return [at.split('/').pop()!];
    }
    if (route.subject === 'mailing') {
      const res = await asAdminIn(site)('POST', '/cms/api/newsletters', sampleBody(ENTITIES.newsletters as EntityDef));
      expect(res.statusCode, res.body).toBe(201);
      return [String(res.json().data.id)];
    }
    if (route.subject === 'files') {
      const form = multipart('target.png', PNG);
      const res = await asAdminIn(site)('POST', '/cms/api/upload-single', form.body, form.headers);
      expect(res.statusCode, res.body).toBe(201);
      return [res.json().data.name as string];
    }
    if (route.subject === 'form-entries') {
      // An entry exists only as a visitor's answer to a form staff built (content/form-hooks.ts).
      const withFile = route.template.includes('/files');
      const form = await asAdminIn(site)('POST', '/cms/api/forms', {
        title: `Target form ${++counter}`,
        fields: JSON.stringify([
          { name: 'email', kind: 'email', label: 'Email', required: true },
          ...(withFile ? [{ name: 'cv', kind: 'file', label: 'CV', accept: '.pdf' }] : []),
        ]),
        status: 1,
      });
      expect(form.statusCode, form.body).toBe(201);
      const cv = withFile ? await visitorUpload(site, form.json().data.id) : undefined;
      const entry = await t.app.inject({
        method: 'POST',
        url: `/cms/forms/${form.json().data.id}/entries`,
        headers: { 'app-key': site, 'idempotency-key': `rights-entry-${counter}-${Date.now()}` },
        payload: { email: 'visitor@example.org', ...(cv ? { cv } : {}) },
      });
      expect(entry.statusCode, entry.body).toBe(201);
      if (route.template.endsWith('{file}')) {
        const files = await asAdminIn(site)('GET', `/cms/api/form-entries/${entry.json().data.id}/files`);
        return [String(entry.json().data.id), String(files.json().data.data[0].id)];
      }
      // A form's list of entries names the form.
      if (route.template.startsWith('/cms/api/forms/')) return [String(form.json().data.id)];
      const id = String(entry.json().data.id);
      if (route.template.endsWith('/restore')) {
        expect((await asAdminIn(site)('DELETE', `/cms/api/form-entries/${id}`)).statusCode).toBe(200);
      }
      return [id];
    }
    const def: EntityDef = ENTITIES[route.subject as ResourceName];
    const res = def.readOnlyResource
      ? await t.app.inject({
          method: 'POST',
          url: `/cms/${def.resource}`,
          headers: { 'app-key': site },
          payload: sampleBody(def),
        })
      : await send('POST', `/cms/api/${def.resource}`, sampleBody(def));
    expect(res.statusCode, res.body).toBe(201);
    const id = String(res.json().data.id);
    // What the route acts on: a record in the Trash, or one with a draft.
    if (route.template.endsWith('/restore') && !route.template.includes('{revisionId}')) {
      expect((await asAdminIn(site)('DELETE', `/cms/api/${def.resource}/${id}`)).statusCode).toBe(200);
    }
    const move = REVIEW_MOVES.find(([name]) => route.template.endsWith(`/review/${name}`));
    if (move) {
      // A record of the stage the transition starts from: the site reviews everyone while it is
      // made (so it starts as a draft) and the admin moves it on, then reviews nobody again.
      await reviewed(site, 'everyone');
      const made = await send('POST', `/cms/api/${def.resource}`, sampleBody(def));
      expect(made.statusCode, made.body).toBe(201);
      const madeId = String(made.json().data.id);
      const path = `/cms/api/${def.resource}/${madeId}/review`;
      if (move[2] !== 'draft') expect((await asAdminIn(site)('POST', `${path}/submit`, {})).statusCode).toBe(200);
      if (move[2] === 'approved') expect((await asAdminIn(site)('POST', `${path}/approve`, {})).statusCode).toBe(200);
      await reviewed(site, 'nobody');
      return [madeId];
    }
    if (route.template.endsWith('/publish') || (route.method === 'DELETE' && route.template.endsWith('/draft'))) {
      const draft = await asAdminIn(site)('PUT', `/cms/api/${def.resource}/${id}/draft`, { [plainTextField(def)]: 'Draft' });
      expect(draft.statusCode, draft.body).toBe(200);
    }
    if (route.template.includes('{locale}')) {
      // A record with its text in the site's second language.
      expect((await asAdminIn(site)('PUT', `/cms/api/applications/${site}`, { locales: 'en,bn' })).statusCode).toBe(200);
      const field = localizedFields(def).find((name) => def.fields[name]!.kind === 'text')!;
      const translated = await asAdminIn(site)('PUT', `/cms/api/${def.resource}/${id}?locale=bn`, { [field]: 'অনুবাদ' });
      expect(translated.statusCode, translated.body).toBe(200);
      return [id, 'bn'];
    }
    if (route.template.includes('{deliveryId}')) {
      // A delivery that failed, for Resend to queue again.
      const at = new Date().toISOString();
      const delivery = await t.app.ctx.database.db
        .insertInto('webhook_deliveries')
        .values({
          webhook_id: Number(id),
          app_key: site,
          event: 'content.updated',
          payload: '{}',
          status: 'failed',
          next_attempt_at: at,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return [id, String(delivery.id)];
    }
    if (!route.template.includes('{revisionId}')) return [id];
    // A record with an earlier state: saved once more by its maker.
    const field = plainTextField(def);
    expect((await send('PUT', `/cms/api/${def.resource}/${id}`, { [field]: 'Saved again' })).statusCode).toBe(200);
    const revisions = await asAdminIn(site)('GET', `/cms/api/${def.resource}/${id}/revisions`);
    return [id, String(revisions.json().data.data[0].id)];
  }

  /** Sets whose work the site reviews; its single editor (the admin, here) may approve their own submissions. */
  async function reviewed(site: Site, review: 'nobody' | 'everyone') {
    const res = await asAdminIn(site)('PUT', `/cms/api/applications/${site}`, { review, review_self_approval: 1 });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The site a settings route acts on, and for its History an earlier state of its settings. */
  async function siteTarget(route: Route, site: Site): Promise<string[]> {
    if (!route.template.includes('{revisionId}')) return [site];
    expect((await asAdminIn(site)('PUT', `/cms/api/applications/${site}`, { title: `Saved ${++counter}` })).statusCode).toBe(200);
    const revisions = await asAdminIn(site)('GET', `/cms/api/applications/${site}/revisions`);
    return [site, String(revisions.json().data.data[0].id)];
  }

  async function bodyFor(route: Route, site: Site): Promise<{ payload?: unknown; headers?: Record<string, string> }> {
    if (route.template.startsWith('/cms/api/tus')) {
      if (route.method === 'POST') return { headers: tusHeaders({ 'upload-length': '10' }) };
      if (route.method === 'PATCH') return { payload: PNG, headers: tusHeaders({ 'upload-offset': '0' }) };
      return { headers: tusHeaders() };
    }
    if (route.method === 'PATCH') return { payload: { alt: `Described ${++counter}` } };
    if (route.method === 'GET' || route.method === 'DELETE' || route.template.startsWith('/cms/api/users/{id}/')) return {};
    if (route.template.endsWith('/presence')) return {};
    if (route.template.endsWith('/review/comments')) return { payload: { body: `Comment ${++counter}` } };
    if (route.template.endsWith('/review/request-changes')) return { payload: { comment: 'Say where' } };
    if (route.template.includes('/review/')) return { payload: {} };
    if (route.subject === 'settings') return { payload: { activityRetentionDays: 180 } };
    if (route.subject === 'tokens') return { payload: { name: `Made ${++counter}`, role: 'viewer' } };
    if (route.template.endsWith('/redirects/import')) return { payload: { csv: `from,to,code\n/imported-${++counter},/,301\n` } };
    if (route.subject === 'redirects') return { payload: { from: `/made-${++counter}`, to: '/', code: 301 } };
    if (route.subject === 'people') return { payload: { email: `nobody-${++counter}@example.org` } };
    if (route.subject === 'mailing') return {};
    if (route.subject === 'files') {
      const form = multipart('new.png', PNG);
      return { payload: form.body, headers: form.headers };
    }
    if (route.subject === 'applications') {
      return {
        payload: route.method === 'POST' ? { app_key: `made-${++counter}`, name: 'Made' } : { title: `Retitled ${site}` },
      };
    }
    const def: EntityDef = ENTITIES[route.subject as ResourceName];
    return { payload: route.method === 'POST' ? sampleBody(def) : { [plainTextField(def)]: `Changed ${++counter}` } };
  }

  it.each(CASES.map((c) => [c.role, c.route.method, c.route.template, c.site, c.owner, c.expected, c] as const))(
    '%s %s %s on %s with a record of %s answers %i',
    async (_role, _method, _template, _site, _owner, _expected, c) => {
      const caller = as[c.role];
      const targets = c.route.onRecord
        ? await makeTarget(c.route, c.site, c.owner === 'own' || ownsUpload(c) ? caller : 'admin')
        : c.route.template.includes('{key}')
          ? await siteTarget(c.route, c.site)
          : [];
      const target = targets[0];
      const path = targets.reduce((at, value) => at.replace(/\{\w+\}/, value), c.route.template);
      const url = c.route.query ? `${path}?${c.route.query}` : path;
      const { payload, headers } = await bodyFor(c.route, c.site);
      // The record the request is about, as an admin reads it (files have no read of one file).
      const resource =
        c.route.subject === 'files' ? undefined : (ENTITIES[c.route.subject as ResourceName]?.resource ?? undefined);
      const recordUrl = target && resource ? `/cms/api/${resource}/${target}` : undefined;
      const before = recordUrl ? (await asAdminIn(c.site)('GET', recordUrl)).body : undefined;
      const res = await caller.send(c.route.method, url, payload, { app_key: c.site, ...headers });
      expect(res.statusCode, res.body).toBe(c.expected);
      if (res.statusCode === 403) {
        expect(res.json().message).toEqual(expect.any(String));
        // A refused write changed nothing.
        if (recordUrl) expect((await asAdminIn(c.site)('GET', recordUrl)).body).toBe(before);
      }
    },
  );

  it('covers every admin route the server has', () => {
    const documented = Object.entries((t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths)
      .filter(([path]) => path.startsWith('/cms/api/') && !OWN_ACCOUNT.includes(path) && !SIGNED_OUT.includes(path))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.template}`));
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
    expect(CASES.length).toBeGreaterThan(600);
  });

  it('answers 401 to every admin route without a valid token, before reading the body or parameters', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const [path, methods] of Object.entries(paths)) {
      if (!path.startsWith('/cms/api/') || SIGNED_OUT.includes(path)) continue;
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{\w+\}/g, 'not-a-valid-param');
        for (const authorization of [undefined, 'Bearer made-up-token']) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: `${url}?page=nonsense`,
            headers: { app_key: APP_KEY, 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
            ...(method === 'get' || method === 'delete' ? {} : { payload: '{"unknown": [1, 2' }),
          });
          expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(401);
        }
      }
    }
  });

  describe('escalations', () => {
    it('an editor cannot make themselves an admin, by the users route or their profile', async () => {
      const editor = as.editor;
      expect((await editor.send('PUT', `/cms/api/users/${editor.id}`, { role: 'admin' })).statusCode).toBe(403);
      expect((await editor.send('PUT', '/cms/api/me', { role: 'admin' })).statusCode).toBe(400);
      expect((await editor.send('PUT', '/cms/api/me', { sites: `${APP_KEY},${OTHER_APP_KEY}` })).statusCode).toBe(400);
      expect((await editor.send('GET', '/cms/api/me')).json().data).toMatchObject({
        role: 'editor',
        applications: [{ app_key: APP_KEY }],
      });
    });

    it("nobody but an admin changes another user's password or email, or deletes them", async () => {
      const admin = await t.admin('GET', '/cms/api/me');
      const adminId = admin.json().data.id as number;
      for (const role of ['editor', 'author', 'viewer'] as const) {
        const user = as[role];
        expect(
          (await user.send('PUT', `/cms/api/users/${adminId}`, { password: 'taken-over!', confirm_password: 'taken-over!' }))
            .statusCode,
        ).toBe(403);
        expect((await user.send('PUT', `/cms/api/users/${adminId}`, { email: 'mine@example.org' })).statusCode).toBe(403);
        expect((await user.send('DELETE', `/cms/api/users/${adminId}`)).statusCode).toBe(403);
        expect((await user.send('POST', '/cms/api/users', sampleBody(ENTITIES.users))).statusCode).toBe(403);
      }
      const login = await t.app.inject({
        method: 'POST',
        url: '/cms/api/login',
        payload: { identifier: ADMIN.email, password: ADMIN.password },
      });
      expect(login.statusCode).toBe(200);
    });

    it("with site B's key nobody but an admin changes or deletes site A", async () => {
      const other = await signInAs(t, 'editor', OTHER_APP_KEY);
      const asB = { app_key: OTHER_APP_KEY };
      expect((await other.send('PUT', `/cms/api/applications/${APP_KEY}`, { name: 'Hijacked' }, asB)).statusCode).toBe(403);
      expect((await other.send('DELETE', `/cms/api/applications/${APP_KEY}`, undefined, asB)).statusCode).toBe(403);
      expect((await other.send('GET', '/cms/api/pages', undefined, { app_key: APP_KEY })).statusCode).toBe(403);
      const sites = (await other.send('GET', '/cms/api/applications', undefined, asB)).json().data.data as { app_key: string }[];
      expect(sites.map((s) => s.app_key)).toEqual([OTHER_APP_KEY]);
      expect((await t.admin('GET', `/cms/api/applications/${APP_KEY}`)).json().data.name).not.toBe('Hijacked');
    });

    it('the last admin can be neither demoted nor deleted', async () => {
      const me = (await t.admin('GET', '/cms/api/me')).json().data;
      const admins = (await t.admin('GET', '/cms/api/users?size=1000'))
        .json()
        .data.data.filter((u: { role: string }) => u.role === 'admin');
      // The matrix made a second admin; with two, one may go, and then the other is the last.
      for (const other of admins.filter((u: { id: number }) => u.id !== me.id)) {
        expect((await t.admin('PUT', `/cms/api/users/${other.id}`, { role: 'editor' })).statusCode).toBe(200);
      }
      const demote = await t.admin('PUT', `/cms/api/users/${me.id}`, { role: 'editor' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toMatch(/last admin/);
      expect((await t.admin('DELETE', `/cms/api/users/${me.id}`)).statusCode).toBe(409);
      expect((await t.admin('GET', '/cms/api/me')).json().data.role).toBe('admin');
      for (const other of admins.filter((u: { id: number }) => u.id !== me.id))
        await t.admin('PUT', `/cms/api/users/${other.id}`, { role: 'admin' });
    });
  });
});
