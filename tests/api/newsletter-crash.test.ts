/**
 * A newsletter to 5,000 subscribers in two languages (issue 59), sent by the real server through a
 * real SMTP server, killed with SIGKILL halfway and started again: every confirmed subscriber gets
 * exactly one copy, in their language, and the report's counts are what the SMTP server received.
 * SQLite with one instance; PostgreSQL with two sharing the queue.
 */
import { describe, expect, it } from 'vitest';
import { runNewsletter, SUBJECTS } from '../support/newsletter-run';
import { dialects } from './harness';

const SUBSCRIBERS = 5_000;

describe.each(await dialects())('a newsletter killed halfway on %s', (dialect) => {
  const instances = dialect === 'postgres' ? 2 : 1;
  it(`reaches each of ${SUBSCRIBERS.toLocaleString('en')} subscribers once, in their language, across kill -9 (${instances} instance${instances > 1 ? 's' : ''})`, async () => {
    const run = await runNewsletter({
      dialect,
      subscribers: SUBSCRIBERS,
      instances,
      killAt: 0.5,
      server: ['--import', 'tsx', 'src/server/main.ts'],
      rate: 100_000,
    });
    expect(run.queued).toBe(run.expected.size);
    // The kill came halfway: some had arrived, not all.
    expect(run.arrivedAtKill).toBeGreaterThan(0);
    expect(run.arrivedAtKill).toBeLessThan(run.queued);

    const copies = new Map<string, string[]>();
    for (const mail of run.mail.received) copies.set(mail.to, [...(copies.get(mail.to) ?? []), mail.headers.subject!]);
    const twice = [...copies].filter(([, subjects]) => subjects.length > 1);
    const missing = [...run.expected.keys()].filter((address) => !copies.has(address));
    const wrongLanguage = [...run.expected].filter(([address, locale]) => copies.get(address)?.[0] !== SUBJECTS[locale]);
    expect(twice, 'addresses that got more than one copy').toEqual([]);
    expect(missing, 'addresses that got none').toEqual([]);
    expect(wrongLanguage, 'addresses that got another language').toEqual([]);
    expect([...copies.keys()].every((address) => run.expected.has(address))).toBe(true);

    expect(run.report).toMatchObject({
      delivery: 'sent',
      total: run.queued,
      sent: run.mail.received.length,
      failed: 0,
      refused: 0,
      pending: 0,
    });
    console.log(
      `newsletter on ${dialect}, ${instances} instance(s): ${run.queued} queued, ${run.arrivedAtKill} arrived before kill -9, ` +
        `${run.mail.received.length} in all, one each`,
    );
  }, 300_000);
});
