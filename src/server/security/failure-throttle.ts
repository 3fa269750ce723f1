/**
 * Counts failures per key in a sliding one-minute window. Only failures count, so a user who
 * signs in correctly is never slowed down by others' mistakes on a different identifier.
 */
export class FailureThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.maxFailures) return 0;
    return Math.ceil((recent[0]! + this.windowMs - now) / 1000);
  }

  fail(key: string, now = Date.now()): void {
    this.failures.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const recent = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length === 0) this.failures.delete(key);
    return recent;
  }
}
