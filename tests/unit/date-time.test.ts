import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeOf, localToUtc, timeOfDateTime, utcToLocal } from '../../src/shared/date-time';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('stored date-times (UTC text)', () => {
  it('turn moments into text and back, to the second', () => {
    const at = Date.UTC(2026, 10, 23, 9, 30, 5);
    expect(dateTimeOf(at)).toBe('2026-11-23 09:30:05');
    expect(timeOfDateTime('2026-11-23 09:30:05')).toBe(at);
    expect(Number.isNaN(timeOfDateTime('tomorrow'))).toBe(true);
  });

  it("are shown and picked in the browser's time zone", () => {
    process.env.TZ = 'Asia/Dhaka'; // UTC+6, no daylight saving
    expect(utcToLocal('2026-11-23 09:30:00')).toBe('2026-11-23 15:30:00');
    expect(localToUtc('2026-11-23 15:30:00')).toBe('2026-11-23 09:30:00');
    expect(localToUtc('2026-11-24 03:00')).toBe('2026-11-23 21:00:00');
    process.env.TZ = 'America/New_York';
    expect(localToUtc(utcToLocal('2026-07-01 12:00:00'))).toBe('2026-07-01 12:00:00');
  });

  it('leave text that is not a date-time as it is', () => {
    expect(utcToLocal('soon')).toBe('soon');
    expect(localToUtc('')).toBe('');
  });
});
