// Review requests: at 10:00 Japan time on the day after a reservation's last booked date, the guest of a confirmed
// reservation gets one mail inviting a review, linking /reservations/{id}/review (posting opens when the last slot
// ends: reviews.service.ts). The next morning rather than right after the end: an evening experience ends late, and
// the guest reads the mail while the day is still fresh. A background job (the worker, in every process): it takes
// no ctx and forks its own EntityManager.
//
// Who gets one: the reservation is confirmed (not cancelled, never paid), has no review yet, its experience is still
// published (the review would show nowhere otherwise), and the guest has not left and receives reminders (the
// account's 体験の前日リマインダーとレビューのお願い; a guest who turns it on again within the window still gets it).
// A request not sent at 10:00 (no process running) goes out later, until REQUEST_WINDOW_DAYS after; past that it is
// no longer news, and the first run after this job was added does not mail the whole history.
//
// Sent once, whatever the number of workers and processes: one transaction inserts the reservation's row in
// review_requests (unique reservation_id, ON CONFLICT DO NOTHING) and queues the mail in the outbox (unique dedupe
// key), as the day-before reminders do (reservations/reminders.ts). A second worker's insert waits for the first
// transaction and then inserts nothing; if the first rolls back, the second does the work. The times are compared in
// SQL with AT TIME ZONE 'Asia/Tokyo', so neither the server's TZ nor the database session's matters.
import type { MikroORM } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import { addDays, formatDateJa, todayInJapan } from '#src/lib/isomorphic/dates';
import { transaction } from '#src/lib/transaction';
import * as ja from '#src/i18n/ja';
import { enqueueMail, type OutgoingMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { reservationForReview } from '#src/modules/reservations/reservations.repository';
import { userContact } from '#src/modules/users/users.repository';

/** How many days after its time a request that could not go out still does. */
const REQUEST_WINDOW_DAYS = 7;

/** The request time of a reservation whose last date is `last_date`: 10:00 Japan time the day after. */
const REQUEST_AT = `(((s.last_date + 1) + time '10:00') AT TIME ZONE 'Asia/Tokyo')`;

export interface ReviewRequestsDeps {
  orm: MikroORM;
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  log: Logger;
}

export function createReviewRequests(deps: ReviewRequestsDeps) {
  const { orm, log } = deps;
  const baseUrl = publicBaseUrl(deps.env);
  const m = ja.reviewRequestMail;

  /**
   * Queues the requests due at `now` (default: the clock) for at most `limit` reservations; answers how many were
   * queued. Safe to run from any number of workers at once.
   */
  async function mailDue(options: { now?: Date; limit?: number } = {}): Promise<number> {
    const now = options.now ?? new Date();
    const today = todayInJapan(now);
    const since = new Date(now.getTime() - REQUEST_WINDOW_DAYS * 24 * 60 * 60_000);
    return transaction(orm.em.fork(), async (tx) => {
      // The date bounds only narrow the scan to the reservations with a date in the window (Japan time); the last
      // date and the instants decide.
      const claimed = await tx.execute<{ reservation_id: number }[]>(
        `INSERT INTO review_requests (reservation_id, requested_at)
         SELECT r.id, ? FROM reservations r
           JOIN users u ON u.id = r.user_id
           JOIN experiences e ON e.id = r.experience_id
           CROSS JOIN LATERAL (SELECT max(c.date) AS last_date FROM reservation_calendars rc
                               JOIN calendars c ON c.id = rc.calendar_id WHERE rc.reservation_id = r.id) s
         WHERE r.id IN (SELECT rc.reservation_id FROM calendars c JOIN reservation_calendars rc ON rc.calendar_id = c.id
                        WHERE c.date BETWEEN ?::date AND ?::date)
           AND r.status = 'confirmed' AND e.approve AND u.notify_reminders AND u.left_at IS NULL
           AND ${REQUEST_AT} <= ? AND ${REQUEST_AT} > ?
           AND NOT EXISTS (SELECT 1 FROM reviews v WHERE v.reservation_id = r.id)
           AND NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.reservation_id = r.id)
         ORDER BY r.id LIMIT ?
         ON CONFLICT (reservation_id) DO NOTHING
         RETURNING reservation_id`,
        [now, addDays(today, -REQUEST_WINDOW_DAYS - 1), addDays(today, -1), now, since, options.limit ?? 50],
      );
      const mails: OutgoingMail[] = [];
      for (const row of claimed) {
        const reservation = await reservationForReview(tx, Number(row.reservation_id));
        if (!reservation) continue;
        const guest = await userContact(tx, reservation.userId);
        const dates = reservation.slots.map((s) => `  ${formatDateJa(s.date)} ${ja.reservations.timeRange(s.start_time, s.end_time)}`);
        mails.push({
          dedupeKey: `review-request:${reservation.id}`,
          to: guest.email,
          footer: 'user',
          subject: m.subject(reservation.experienceTitle),
          text: mailText({
            name: guest.name,
            body: [
              m.thanks(reservation.experienceTitle),
              m.ask,
              '',
              ja.reservationMail.reservationNumber(reservation.id),
              ja.reservationMail.experience(reservation.experienceTitle),
              ja.reservationMail.schedule(dates.join('\n')),
              '',
              m.link(`${baseUrl}/reservations/${reservation.id}/review`),
              '',
              m.why(ja.account.remindersLabel),
            ],
            baseUrl,
          }),
        });
      }
      await enqueueMail(tx, mails);
      if (mails.length > 0) log.info({ mails: mails.length }, 'review requests queued');
      return mails.length;
    });
  }

  return { mailDue };
}
