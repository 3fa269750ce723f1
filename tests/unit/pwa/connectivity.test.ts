import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/api/http';
import { type Connectivity, isNetworkError, nextConnectivity } from '../../../src/client/pwa/connectivity';

const online: Connectivity = { browserOnline: true, serverUnreachable: false };

describe('nextConnectivity', () => {
  it('follows the browser going offline and back', () => {
    const offline = nextConnectivity(online, { type: 'browser', online: false });
    expect(offline).toEqual({ browserOnline: false, serverUnreachable: false });
    expect(nextConnectivity(offline, { type: 'browser', online: true })).toEqual(online);
  });

  it('marks the server unreachable when a read got no answer, until a read succeeds', () => {
    const failed = nextConnectivity(online, { type: 'read.failed', network: true });
    expect(failed).toEqual({ browserOnline: true, serverUnreachable: true });
    expect(nextConnectivity(failed, { type: 'browser', online: true }).serverUnreachable).toBe(true);
    expect(nextConnectivity(failed, { type: 'read.succeeded' })).toEqual(online);
  });

  it('does not call a server that answered with an error unreachable', () => {
    const failed = nextConnectivity(online, { type: 'read.failed', network: true });
    expect(nextConnectivity(failed, { type: 'read.failed', network: false }).serverUnreachable).toBe(false);
  });
});

describe('isNetworkError', () => {
  it('is true only for an ApiError without an answer', () => {
    expect(isNetworkError(new ApiError(0, 'No connection'))).toBe(true);
    expect(isNetworkError(new ApiError(503, 'Unavailable'))).toBe(false);
    expect(isNetworkError(new ApiError(404, 'Not found'))).toBe(false);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(false);
  });
});
