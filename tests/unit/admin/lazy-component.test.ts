import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUntilLoaded } from '../../../src/client/ui/lazy-component';

/** A download that fails `failures` times (offline), then gives its module. */
function flaky(failures: number) {
  let calls = 0;
  const load = vi.fn(() => (++calls <= failures ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('module')));
  return load;
}

describe('a component loaded on a flaky link (lazyComponent)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads again as soon as the browser is back online, and never fails the screen', async () => {
    const load = flaky(1);
    const loaded = loadUntilLoaded(load);
    await vi.advanceTimersByTimeAsync(100);
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again every few seconds when no online event comes (a flaky link, not a lost one)', async () => {
    const load = flaky(2);
    const loaded = loadUntilLoaded(load);
    await vi.advanceTimersByTimeAsync(4900);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
