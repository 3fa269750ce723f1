/** What the service worker's public-reads cache may keep (src/client/pwa/public-reads-kept.ts; issue #53, H1). */
import { describe, expect, it } from 'vitest';
import { keepsPublicRead } from '../../../src/client/pwa/public-reads-kept';

const ORIGIN = 'https://site.example';
const ask = (address: string, headers: Record<string, string> = {}) =>
  keepsPublicRead(new URL(address, ORIGIN), { headers: new Headers(headers) }, ORIGIN);

describe('the service worker keeps a public read', () => {
  it('of this origin, asked without credentials', () => {
    expect(ask('/cms/sliders', { 'app-key': 'demo' })).toBe(true);
    expect(ask('/cms/pages/about?locale=bn')).toBe(true);
    expect(ask('https://elsewhere.example/cms/sliders')).toBe(false);
  });

  it('never for the admin API, however its address is spelled', () => {
    for (const address of [
      '/cms/api/users',
      '/cms/%61pi/users?x=1',
      '/cms/%61%70%69/messages',
      '/cms/docs/json',
      '/cms/%64ocs/json',
    ]) {
      expect(ask(address), address).toBe(false);
    }
  });

  it('never for a request with credentials, nor a preview', () => {
    expect(ask('/cms/sliders', { authorization: 'Bearer abc' })).toBe(false);
    expect(ask('/cms/pages/about?preview=token')).toBe(false);
  });
});
