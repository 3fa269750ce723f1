import { describe, expect, it } from 'vitest';
import { shouldPersistQuery } from '../../../src/client/pwa/persistence';

const query = (queryKey: unknown[], status: 'success' | 'error' | 'pending') => ({ queryKey, state: { status } });

describe('shouldPersistQuery', () => {
  it('stores successful public reads', () => {
    expect(shouldPersistQuery(query(['public', 'pages', 'about'], 'success'))).toBe(true);
  });
  it('never stores admin reads', () => {
    expect(shouldPersistQuery(query(['entities', 'users', 'list', { page: 1 }], 'success'))).toBe(false);
    expect(shouldPersistQuery(query(['admin', 'me'], 'success'))).toBe(false);
  });
  it('does not store failed or unfinished reads', () => {
    expect(shouldPersistQuery(query(['public', 'pages', 'x'], 'error'))).toBe(false);
    expect(shouldPersistQuery(query(['public', 'pages', 'x'], 'pending'))).toBe(false);
  });
});
