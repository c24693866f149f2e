// Background jobs of a server process (started by server/boot.ts unless DISABLE_WORKERS=1), listed in startWorkers:
// the day-before reminders, the favourites' new dates, the review requests, the password reset requests, the mail
// outbox delivery, the seat-hold sweeper, the data copies and the pending-refund retries. Every process may run them at
// once: each claims its rows (FOR UPDATE SKIP LOCKED, or a unique row per mail), so they never step on each other.
import type { Logger } from '#src/lib/logger';

export interface WorkerServices {
  /** The day-before reminders (src/modules/reservations/reminders.ts). */
  reminders: { sendDueReminders(options?: { limit?: number }): Promise<number> };
  /** The mails of new dates of hearted experiences (src/modules/favorites/favorite-dates.ts). */
  favoriteDates: { mailDue(options?: { limit?: number }): Promise<number> };
  /** The review requests the morning after a reservation's last date (src/modules/reviews/review-requests.ts). */
  reviewRequests: { mailDue(options?: { limit?: number }): Promise<number> };
  log: Logger;
  mail: { deliverDue(options?: { limit?: number }): Promise<unknown> };
  /** Password reset requests: looked up, tokened and queued as mails after the request was answered. */
  passwordResets: { deliverDue(options?: { limit?: number }): Promise<number> };
  /** The copies of users' data: built, stored and mailed as a link; expired files dropped. */
  dataExports: { buildDue(options?: { limit?: number }): Promise<number> };
  reservations: {
    sweepExpiredHolds(options?: { limit?: number }): Promise<number>;
    /** Refunds the gateway did not complete, retried with their idempotency key. */
    retryPendingRefunds(options?: { limit?: number }): Promise<unknown>;
  };
}

interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** Starts the loops; the returned function stops them and waits for a run in progress to finish. */
export function startWorkers(
  services: WorkerServices,
  options: {
    mailEveryMs?: number;
    sweepEveryMs?: number;
    refundEveryMs?: number;
    /** Told of each run's result (the metrics count the seat holds swept: server/metrics.ts). */
    onJobDone?: (name: string, result: unknown) => void;
  } = {},
): () => Promise<void> {
  const jobs: Job[] = [
    // Day-before reminders, once a minute (enough for 9:00); sent once however many processes run it.
    { name: 'reminders', everyMs: 60_000, run: () => services.reminders.sendDueReminders() },
    // New dates of hearted experiences, once a minute (each mail waits an hour for more dates anyway).
    { name: 'favorite-dates', everyMs: 60_000, run: () => services.favoriteDates.mailDue() },
    // Review requests, once a minute like the reminders (due at 10:00); sent once however many processes run it.
    { name: 'review-requests', everyMs: 60_000, run: () => services.reviewRequests.mailDue() },
    // Password reset requests become outbox mails, which the mail job sends on its next run.
    { name: 'password-resets', everyMs: options.mailEveryMs ?? 2_000, run: () => services.passwordResets.deliverDue() },
    { name: 'mail', everyMs: options.mailEveryMs ?? 2_000, run: () => services.mail.deliverDue() },
    { name: 'seat-holds', everyMs: options.sweepEveryMs ?? 15_000, run: () => services.reservations.sweepExpiredHolds() },
    { name: 'data-exports', everyMs: 5_000, run: () => services.dataExports.buildDue() },
    { name: 'refunds', everyMs: options.refundEveryMs ?? 30_000, run: () => services.reservations.retryPendingRefunds() },
  ];
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = job
        .run()
        .then((result) => options.onJobDone?.(job.name, result))
        .catch((error) => services.log.error({ err: error, job: job.name }, 'background job failed'))
        .then(() => {
          running.delete(run);
          schedule(job, job.everyMs);
        });
      running.add(run);
    }, delay);
    // Never keeps the process alive on its own.
    timer.unref();
    timers.add(timer);
  };
  // Stagger the first runs so a restart does not hit the database with everything at once.
  for (const [i, job] of jobs.entries()) schedule(job, 500 + i * 700);

  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...running]);
  };
}
