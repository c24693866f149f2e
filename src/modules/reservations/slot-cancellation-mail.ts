// The host's record of a slot they cancelled (この回を中止する, cancellation.ts cancelSlot): one mail, queued in the
// cancellation's transaction, saying what the cancellation did: the experience and the slot, the reason given, the
// reservations cancelled with each guest (named as the host's other notices name them) and their refund, the refunds'
// total, whether the slot's キャンセル待ち line was told, and the link to the host's reservations of that experience.
// It goes where every host notice goes (host-contact.ts: the host user, else the host ambassador's address, else the
// office). Its dedupe key is the slot's (a cancelled slot never takes bookings again), so a retried request never
// queues it twice.
//
// A cancellation that cancelled no reservation and told nobody in line sends nothing: nobody but the host was
// affected, and the host's page shows the slot closed. That is also what a retried request finds (the first did
// everything), and a slot nobody booked.
// Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import * as ja from '#src/i18n/ja';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import { mailText } from '#src/modules/mail/mail.frame';
import type { OutgoingMail } from '#src/modules/mail/mail.outbox';
import { hostContact } from './host-contact';

/** One reservation the slot's cancellation cancelled: its guest, its people and the refund it was given (0: none). */
export interface CancelledReservation {
  id: number;
  userId: number;
  people: number;
  refund: number;
}

export interface SlotCancellation {
  calendarId: number;
  reason: string;
  /** In id order, as they were cancelled. */
  reservations: CancelledReservation[];
  /** The キャンセル待ち entries whose guests were told the date is cancelled, and their people. */
  waitlist: { entries: number; people: number };
  /**
   * The reservations of payments that finished while the slot was being cancelled (a 3-D Secure window), cancelled in
   * a second transaction after the others: their own mail, with its own key.
   */
  late: boolean;
}

interface SlotRow {
  experience_id: number;
  title: string;
  hosted_by: string;
  host_user_id: number | null;
  host_ambassador_id: number | null;
  date: string;
  start_time: string;
  end_time: string;
}

const m = ja.slotCancellationMail;

/** The host's mail of the cancellation (none when it changed nothing for anyone), read inside `tx`. */
export async function slotCancellationMails(
  tx: EntityManager,
  cancellation: SlotCancellation,
  links: { officeEmail: string; baseUrl: string },
): Promise<OutgoingMail[]> {
  const { calendarId, reservations, waitlist } = cancellation;
  if (reservations.length === 0 && waitlist.entries === 0) return [];
  const [slot] = await tx.execute<SlotRow[]>(
    `SELECT e.id AS experience_id, e.title, e.hosted_by, e.host_user_id, e.host_ambassador_id,
            to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time
     FROM calendars c JOIN experiences e ON e.id = c.experience_id WHERE c.id = ?`,
    [calendarId],
  );
  if (!slot) return [];
  const guests = await tx.execute<{ id: number; name: string }[]>('SELECT id, name FROM users WHERE id = ANY(?::int[])', [
    `{${reservations.map((r) => r.userId).join(',')}}`,
  ]);
  const nameOf = (userId: number) => guests.find((g) => Number(g.id) === userId)?.name ?? '';
  const host = await hostContact(
    tx,
    {
      hostedBy: slot.hosted_by,
      hostUser: slot.host_user_id === null ? null : { id: Number(slot.host_user_id) },
      hostAmbassador: slot.host_ambassador_id === null ? null : { id: Number(slot.host_ambassador_id) },
    },
    links.officeEmail,
  );
  const when = `${formatDateJa(slot.date)} ${ja.reservations.timeRange(slot.start_time, slot.end_time)}`;
  const refunded = reservations.filter((r) => r.refund > 0);
  const text = mailText({
    name: host.name,
    baseUrl: links.baseUrl,
    body: [
      cancellation.late ? m.leadLate(slot.title, when) : m.lead(slot.title, when),
      '',
      ja.reservationMail.experience(slot.title),
      ja.reservationMail.schedule(`  ${when}`),
      ja.guestReservations.mailReason(cancellation.reason),
      reservations.length > 0
        ? m.reservations(
            reservations.length,
            reservations.reduce((sum, r) => sum + r.people, 0),
          )
        : m.noReservations,
      ...reservations.map((r) =>
        r.refund > 0
          ? m.reservationRefunded(r.id, nameOf(r.userId), r.people, formatYen(r.refund))
          : m.reservationUnpaid(r.id, nameOf(r.userId), r.people),
      ),
      refunded.length > 0 ? m.refundTotal(formatYen(refunded.reduce((sum, r) => sum + r.refund, 0)), refunded.length) : m.noRefund,
      // The line ends with the first transaction: the late mail does not repeat what that one said.
      waitlist.entries > 0 ? m.waitlistTold(waitlist.entries, waitlist.people) : cancellation.late ? null : m.waitlistNone,
      '',
      reservations.length > 0 ? m.guestsTold : null,
      refunded.length > 0 ? m.refundNote : null,
      m.closed,
      '',
      m.list(`${links.baseUrl}/host/reservations?experience_id=${slot.experience_id}`),
    ],
  });
  return [
    {
      dedupeKey: `calendar:${calendarId}:cancel${cancellation.late ? ':late' : ''}:host`,
      to: host.email,
      footer: host.optional ? 'user' : null,
      subject: m.subject(slot.title),
      text,
    },
  ];
}
