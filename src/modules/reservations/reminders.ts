// Day-before reminders: from 9:00 Japan time on the day before a booked slot, each guest of a confirmed
// reservation on it gets a reminder (time, people, and the place as the reservation page shows it then: the address
// only when the host displays it, the online URL once the page shows it) and the host a list of the participants.
// A background job (the worker, in every process): it takes no ctx and forks its own EntityManager.
//
// Sent once, whatever the number of workers and processes: one transaction inserts the slot's row in
// slot_reminders (unique calendar_id, ON CONFLICT DO NOTHING) and queues the mails in the outbox (unique dedupe
// keys). A second worker's insert waits for the first transaction and then inserts nothing, so it queues nothing;
// if the first rolls back, the second does the work. The times are compared in SQL with AT TIME ZONE 'Asia/Tokyo',
// so neither the server's TZ nor the database session's matters.
//
// Who gets one: reservations confirmed before the reminder time (9:00 the day before). A guest who books later
// that day just got the confirmation mail with the same details, and the host got the booking notice; a slot
// that had nobody at 9:00 gets no list. A reminder that could not go out at 9:00 (no process running) goes out
// later, until the slot starts.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import { addDays, formatDateJa, japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { enqueueMail, type OutgoingMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { icsAttachment } from '#src/lib/ics';
import { inTimeOrder, SLOT_STARTS_AT_SQL } from '#src/modules/calendars/slots';
import { guestVenue } from './guest-venue';
import { optionLine, slotEvent, venueLines } from './reservation-mails';
import { slotJson } from './views';
import { ReservationCalendar } from './reservations.entity';
import { hostContact } from './host-contact';
import { transaction } from '#src/lib/transaction';

export interface RemindersDeps {
  orm: MikroORM;
  env: Pick<Env, 'APP_URL' | 'PORT' | 'OFFICE_EMAIL'>;
  log: Logger;
}

/** The reminder time of a slot on `date`: 9:00 Japan time the day before (REMINDER_AT in SQL). */
export function reminderAt(date: string): Date {
  return japanInstant(addDays(date, -1), '09:00');
}

const REMINDER_AT = `(((c.date - 1) + time '09:00') AT TIME ZONE 'Asia/Tokyo')`;
const REMINDED = `r.status = 'confirmed' AND r.confirmed_at <= ${REMINDER_AT}`;

export function createReminders(deps: RemindersDeps) {
  const { orm, env, log } = deps;
  const baseUrl = publicBaseUrl(env);
  const m = ja.reminderMail;

  /** The mails of the claimed slots at `now`, queued in the claiming transaction. */
  async function mailsFor(tx: EntityManager, calendarIds: number[], now: Date): Promise<OutgoingMail[]> {
    const rows = await tx.find(
      ReservationCalendar,
      { calendar: { $in: calendarIds }, reservation: { status: 'confirmed' } },
      {
        populate: ['calendar', 'reservation.user', 'reservation.experience.prefecture', 'reservation.calendars.calendar'],
        orderBy: { calendar: { startTime: 'asc', id: 'asc' }, reservation: { confirmedAt: 'asc', id: 'asc' } },
      },
    );
    const mails: OutgoingMail[] = [];
    // One host list per experience and day (a host with two slots tomorrow gets one mail listing both).
    const hostLists = new Map<string, typeof rows>();
    for (const row of rows) {
      const { calendar: slot, reservation: r } = row;
      // Booked after the reminder time: the confirmation mail was the reminder.
      if (!r.confirmedAt || new Date(r.confirmedAt) > reminderAt(slot.date)) continue;
      const e = r.experience;
      const key = `${e.id}:${slot.date}`;
      hostLists.set(key, [...(hostLists.get(key) ?? []), row]);
      // A guest who turned reminders off in the account settings gets none (the host's list still names them).
      if (!r.user.notifyReminders) continue;
      const time = `${formatDateJa(slot.date)} ${ja.reservations.timeRange(slot.startTime, slot.endTime)}`;
      // The venue as the reservation page shows it now: the address only when displayed, the online URL only once
      // the page shows it.
      const firstDate = inTimeOrder(r.calendars.getItems().map((rc) => rc.calendar))[0]?.date ?? slot.date;
      const venue = guestVenue(e, { status: r.status, firstDate }, now);
      mails.push({
        dedupeKey: `reminder:${r.id}:${slot.id}:guest`,
        to: r.user.email,
        footer: 'user',
        subject: m.guestSubject(e.title),
        text: mailText({
          name: r.user.name,
          body: [
            e.online ? m.guestLeadOnline(e.title) : m.guestLead(e.title),
            '',
            ja.reservationMail.reservationNumber(r.id),
            ja.reservationMail.experience(e.title),
            m.schedule(time),
            ...venueLines(venue, false),
            m.people(r.numberOfPeople),
            optionLine(r.optionName ?? null),
            '',
            m.detail(`${baseUrl}/reservations/${r.id}`),
          ],
          baseUrl,
        }),
        // The slot as a calendar event, with the UID of the confirmation's event (so it updates, never duplicates).
        attachments: [
          icsAttachment({
            method: 'PUBLISH',
            events: [slotEvent({ reservationId: r.id, title: e.title, venue, appUrl: baseUrl }, slotJson(slot))],
          }),
        ],
      });
    }
    for (const list of hostLists.values()) {
      const e = list[0].reservation.experience;
      const date = formatDateJa(list[0].calendar.date);
      const host = await hostContact(tx, e, env.OFFICE_EMAIL);
      if (host.optional?.reminders === false) continue;
      const slots = [...new Set(list.map((row) => row.calendar))];
      const lines = slots.flatMap((slot) => {
        const booked = list.filter((row) => row.calendar === slot).map((row) => row.reservation);
        return [
          m.slotLine(
            ja.reservations.timeRange(slot.startTime, slot.endTime),
            booked.reduce((sum, r) => sum + r.numberOfPeople, 0),
          ),
          ...booked.flatMap((r) => [
            r.optionName
              ? m.participantWithOption(r.user.name, r.numberOfPeople, r.optionName)
              : m.participant(r.user.name, r.numberOfPeople),
            ...(r.messageToHost ? [m.participantMessage(r.messageToHost.replace(/\s+/g, ' '))] : []),
          ]),
        ];
      });
      mails.push({
        dedupeKey: `reminder:host:${e.id}:${list[0].calendar.date}:${Math.min(...slots.map((s) => s.id))}`,
        to: host.email,
        footer: host.optional ? 'user' : null,
        subject: m.hostSubject(e.title, date),
        text: mailText({
          name: host.name,
          body: [m.hostLead(e.title, date), '', ...lines, '', m.hostList(`${baseUrl}/host/reservations`)],
          baseUrl,
        }),
      });
    }
    return mails;
  }

  /**
   * Queues the reminders that are due at `now` (default: the clock) for at most `limit` slots; returns how many
   * slots were claimed. Safe to run from any number of workers at once.
   */
  async function sendDueReminders(options: { now?: Date; limit?: number } = {}): Promise<number> {
    const now = options.now ?? new Date();
    const today = todayInJapan(now);
    return transaction(orm.em.fork(), async (tx) => {
      // The date bounds only narrow the scan to today and tomorrow (Japan time); the instants decide.
      const claimed = await tx.execute<{ calendar_id: number }[]>(
        `INSERT INTO slot_reminders (calendar_id, sent_at)
         SELECT c.id, ? FROM calendars c
         WHERE c.date BETWEEN ?::date AND ?::date AND ${REMINDER_AT} <= ? AND ${SLOT_STARTS_AT_SQL} > ?
           AND NOT EXISTS (SELECT 1 FROM slot_reminders s WHERE s.calendar_id = c.id)
           AND EXISTS (SELECT 1 FROM reservation_calendars rc JOIN reservations r ON r.id = rc.reservation_id
                       WHERE rc.calendar_id = c.id AND ${REMINDED})
         ORDER BY c.id LIMIT ?
         ON CONFLICT (calendar_id) DO NOTHING
         RETURNING calendar_id`,
        [now, today, addDays(today, 1), now, now, options.limit ?? 50],
      );
      if (claimed.length === 0) return 0;
      const mails = await mailsFor(
        tx,
        claimed.map((row) => Number(row.calendar_id)),
        now,
      );
      await enqueueMail(tx, mails);
      log.info({ slots: claimed.length, mails: mails.length }, 'day-before reminders queued');
      return claimed.length;
    });
  }

  return { sendDueReminders };
}
