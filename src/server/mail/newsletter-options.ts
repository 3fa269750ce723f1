/** How newsletters are sent (newsletter-queue.ts); apart, so the server's settings read them without the sender. */
export interface NewsletterOptions {
  /** Mails a second, per instance. */
  rate: number;
  /** How long a claimed row is its holder's before another instance may take it. */
  leaseMs: number;
  /** Wait before the first retry of a temporary refusal; each later one waits four times longer. */
  retryBaseMs: number;
  /** Tries of a temporary refusal before the row is marked failed. */
  maxAttempts: number;
  /** How often the queue and the scheduled issues are looked at besides right after a Send. */
  pollMs: number;
}

export const DEFAULT_NEWSLETTER_OPTIONS: NewsletterOptions = {
  rate: 10,
  leaseMs: 120_000,
  retryBaseMs: 60_000,
  maxAttempts: 5,
  pollMs: 10_000,
};
