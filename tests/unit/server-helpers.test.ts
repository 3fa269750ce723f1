import { describe, expect, it } from 'vitest';
import { slugify } from '../../src/server/content/slug';
import { meaningfulUrl } from '../../src/server/plugins/spa';
import { Slots } from '../../src/server/seo/ssr';
import { FailureThrottle } from '../../src/server/security/failure-throttle';
import { hashPassword, verifyPassword } from '../../src/server/security/passwords';

describe('slugify', () => {
  it.each([
    ['Annual Reports 2024', 'annual-reports-2024'],
    ['  Héllo, Wörld!  ', 'hello-world'],
    ['Network & Infrastructure', 'network-infrastructure'],
    ['---', ''],
  ])('%s → %s', (input, expected) => expect(slugify(input)).toBe(expected));

  it('never exceeds 100 characters nor ends with a dash', () => {
    const slug = slugify(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('FailureThrottle', () => {
  it('blocks after the limit within the window and frees the key when the window passes', () => {
    const throttle = new FailureThrottle(3, 60_000);
    for (let i = 0; i < 3; i++) throttle.fail('ip|user', 1_000 + i);
    expect(throttle.retryAfter('ip|user', 2_000)).toBe(59);
    expect(throttle.retryAfter('other', 2_000)).toBe(0);
    expect(throttle.retryAfter('ip|user', 61_003)).toBe(0);
  });

  it('forgets failures after a success', () => {
    const throttle = new FailureThrottle(2);
    throttle.fail('k', 0);
    throttle.fail('k', 1);
    throttle.reset('k');
    expect(throttle.retryAfter('k', 2)).toBe(0);
  });
});

describe('passwords', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const one = await hashPassword('s3cret-pass');
    const two = await hashPassword('s3cret-pass');
    expect(one).not.toBe(two);
    expect(await verifyPassword('s3cret-pass', one)).toBe(true);
    expect(await verifyPassword('wrong-pass', one)).toBe(false);
    expect(await verifyPassword('s3cret-pass', 'plain-text')).toBe(false);
  });
});

describe('Slots (the cap on pages rendering at once)', () => {
  it('lets `count` holders in, queues the next, and hands a freed slot to the first in line', async () => {
    const slots = new Slots(2);
    expect(await slots.acquire(10)).toBe(true);
    expect(await slots.acquire(10)).toBe(true);
    const third = slots.acquire(1_000);
    slots.release();
    expect(await third).toBe(true);
  });

  it('gives up waiting after the timeout, and a later release does not count that waiter', async () => {
    const slots = new Slots(1);
    await slots.acquire(10);
    expect(await slots.acquire(20)).toBe(false);
    slots.release();
    expect(await slots.acquire(10)).toBe(true);
    expect(await slots.acquire(10)).toBe(false);
  });
});

describe('meaningfulUrl (what makes another rendered page)', () => {
  it.each([
    ['/about?x=1', '/about'],
    ['/about?utm_source=mail&x=2', '/about'],
    ['/news?page=3&x=1', '/news?page=3'],
    ['/news?page=1', '/news'],
    ['/news?page=abc', '/news'],
    ['/details?page=2', '/details?page=2'],
    ['/about?page=2', '/about'],
    ['/', '/'],
  ])('%s → %s', (url, expected) => expect(meaningfulUrl(url)).toBe(expected));
});
