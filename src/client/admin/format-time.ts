/**
 * A moment as the back-office shows it, in the browser's time zone: `pattern` made of YYYY, MM,
 * DD, HH, mm and ss (the only ones it uses). Text with a zone (ISO 8601 from the API) is that
 * moment; text without one ('2026-11-26 10:00') is read as local time, as dayjs read it before
 * (dayjs was code on every screen for this). Anything that names no time is shown as given.
 */
const LOCAL = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;
const pad = (n: number) => String(n).padStart(2, '0');

export function formatTime(value: string | number | Date, pattern: string): string {
  const local = typeof value === 'string' ? LOCAL.exec(value) : null;
  const date = local
    ? new Date(...(local.slice(1).map((part, i) => Number(part ?? 0) - (i === 1 ? 1 : 0)) as [number, number]))
    : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]!);
}
