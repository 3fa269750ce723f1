import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../src/client/admin/format-time';

const pad = (n: number) => String(n).padStart(2, '0');

describe('formatTime (the back-office dates, without dayjs)', () => {
  it('shows a moment with a zone in the browser’s time zone', () => {
    const at = '2026-03-05T07:08:09.000Z';
    const d = new Date(at);
    expect(formatTime(at, 'YYYY-MM-DD HH:mm:ss')).toBe(
      `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
    );
    expect(formatTime(d.getTime(), 'HH:mm')).toBe(`${pad(d.getHours())}:${pad(d.getMinutes())}`);
  });

  it('reads text without a zone as local time, as given (as dayjs did)', () => {
    expect(formatTime('2026-11-26 10:04:05', 'YYYY-MM-DD HH:mm')).toBe('2026-11-26 10:04');
    expect(formatTime('2026-01-02T3:04', 'DD/MM/YYYY HH:mm:ss')).toBe('02/01/2026 03:04:00');
    expect(formatTime('2026-12-31', 'YYYY-MM-DD HH:mm')).toBe('2026-12-31 00:00');
  });

  it('shows what names no time as it was given', () => {
    expect(formatTime('soon', 'YYYY-MM-DD')).toBe('soon');
    expect(formatTime('', 'YYYY-MM-DD')).toBe('');
  });
});
