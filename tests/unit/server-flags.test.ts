/**
 * Which node profile `npm start` runs the server with (scripts/server-flags.mjs): `small-host` on a
 * host with little memory, `default` on others, whatever SERVER_PROFILE names when it is set.
 */
import { describe, expect, it } from 'vitest';
import { profileFor, SERVER_PROFILES, serverProfile, SMALL_HOST_MEMORY } from '../../scripts/server-flags.mjs';

const GiB = 1024 ** 3;

describe('profileFor', () => {
  it('runs small-host on a host with at most 4 GiB, and says why', () => {
    expect(SMALL_HOST_MEMORY).toBe(4 * GiB);
    expect(profileFor({ totalMemory: 4 * GiB, env: {} })).toEqual({
      name: 'small-host',
      reason: '4 GiB of memory, at most 4 GiB; SERVER_PROFILE=default|small-host overrides',
    });
    // What a machine sold as 2 GB reports: less than 2 GiB, the kernel keeps some.
    expect(profileFor({ totalMemory: 1.9 * GiB, env: {} }).name).toBe('small-host');
  });

  it('runs default on a host with more', () => {
    expect(profileFor({ totalMemory: 4 * GiB + 1, env: {} }).name).toBe('default');
    expect(profileFor({ totalMemory: 7.7 * GiB, env: {} })).toEqual({
      name: 'default',
      reason: '7.7 GiB of memory, more than 4 GiB; SERVER_PROFILE=default|small-host overrides',
    });
  });

  it('takes SERVER_PROFILE over the memory, either way', () => {
    expect(profileFor({ totalMemory: 64 * GiB, env: { SERVER_PROFILE: 'small-host' } })).toEqual({
      name: 'small-host',
      reason: 'SERVER_PROFILE=small-host',
    });
    expect(profileFor({ totalMemory: 1 * GiB, env: { SERVER_PROFILE: 'default' } }).name).toBe('default');
    // Set but empty, as `SERVER_PROFILE= npm start` leaves it: the memory decides.
    expect(profileFor({ totalMemory: 1 * GiB, env: { SERVER_PROFILE: '' } }).name).toBe('small-host');
  });

  it('refuses a SERVER_PROFILE that names no profile, saying which there are', () => {
    expect(() => profileFor({ totalMemory: GiB, env: { SERVER_PROFILE: 'small' } })).toThrow(
      'SERVER_PROFILE=small: expected one of default, small-host',
    );
    // Not a profile, though every object has it.
    expect(() => profileFor({ totalMemory: GiB, env: { SERVER_PROFILE: 'toString' } })).toThrow(/toString/);
  });
});

describe('the profiles', () => {
  it('small-host runs everything default does, and its memory tuning on top', () => {
    const small = SERVER_PROFILES['small-host'];
    for (const flag of SERVER_PROFILES.default.flags) expect(small.flags).toContain(flag);
    expect(small.flags).toEqual(expect.arrayContaining(['--max-semi-space-size=4', '--heap-growing-percent=50']));
    expect(small.env).toMatchObject({ MALLOC_ARENA_MAX: '2' });
    expect(SERVER_PROFILES.default.flags).toContain('--enable-source-maps');
    expect(SERVER_PROFILES.default.env).toEqual({});
  });

  it('serverProfile gives the chosen profile its flags and environment', () => {
    const chosen = serverProfile({ SERVER_PROFILE: 'small-host' });
    expect(chosen).toMatchObject({ name: 'small-host', reason: 'SERVER_PROFILE=small-host' });
    expect(chosen.flags).toEqual(SERVER_PROFILES['small-host'].flags);
    expect(chosen.env).toEqual(SERVER_PROFILES['small-host'].env);
  });
});
