// What keeps an account from leaving now (not a service: read helpers over an EntityManager, run by the leaving
// service before and again inside its transaction). Each reason is something another person or the books still
// depend on, and which ends by itself or by the user's own action:
// - a reservation the user is still to attend as a guest (pending payment or confirmed, a slot today or later);
// - a reservation of an experience the user hosts, still to take place (the guests expect the host);
// - a refund the gateway has not completed yet (the worker retries it; the guest should see it arrive);
// - earnings not paid out yet (the payee's ledger balance is not zero);
// - the last member of an ambassador (nobody could run it any more);
// - the last administrator (nobody could run the administrator area any more; `create-admin` makes another). This one
//   an administrator's forced leaving does not override either (HARD_BLOCKERS).
import type { EntityManager } from '@mikro-orm/postgresql';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import type { LeaveBlockerCode, LeaveBlockerJson } from './leaving.schemas';
import * as ja from '#src/i18n/ja';

const t = ja.leaving.blockers;

const LIVE_STATUSES = `('pending', 'requires_action', 'confirmed')`;

/** The reasons in a fixed order, each with its message; empty when the account may leave. */
export async function leaveBlockers(em: EntityManager, userId: number): Promise<LeaveBlockerJson[]> {
  const today = todayInJapan();
  const [row] = await em.execute<
    { upcoming: boolean; hosted: boolean; refunds: boolean; unpaid: boolean; ambassadors: string[] | null; last_admin: boolean | null }[]
  >(
    `SELECT
       EXISTS (SELECT 1 FROM reservations r JOIN reservation_calendars rc ON rc.reservation_id = r.id
               JOIN calendars c ON c.id = rc.calendar_id
               WHERE r.user_id = ? AND r.status IN ${LIVE_STATUSES} AND c.date >= ?::date) AS upcoming,
       EXISTS (SELECT 1 FROM experiences e JOIN reservations r ON r.experience_id = e.id
               JOIN reservation_calendars rc ON rc.reservation_id = r.id JOIN calendars c ON c.id = rc.calendar_id
               WHERE e.host_user_id = ? AND r.status IN ${LIVE_STATUSES} AND c.date >= ?::date) AS hosted,
       EXISTS (SELECT 1 FROM refunds f JOIN reservations r ON r.id = f.reservation_id
               WHERE r.user_id = ? AND f.status = 'pending') AS refunds,
       EXISTS (SELECT 1 FROM payees p WHERE p.user_id = ?
               AND (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.payee_id = p.id) <> 0) AS unpaid,
       (SELECT array_agg(a.name ORDER BY a.id) FROM ambassador_members m JOIN ambassadors a ON a.id = m.ambassador_id
        WHERE m.user_id = ? AND NOT EXISTS (SELECT 1 FROM ambassador_members o
                                            WHERE o.ambassador_id = m.ambassador_id AND o.user_id <> m.user_id)) AS ambassadors,
       (SELECT u.role = 'ADMIN' AND u.left_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM users o WHERE o.role = 'ADMIN' AND o.left_at IS NULL AND o.id <> u.id)
        FROM users u WHERE u.id = ?) AS last_admin`,
    [userId, today, userId, today, userId, userId, userId, userId],
  );
  const blockers: { code: LeaveBlockerCode; message: string }[] = [];
  if (row?.upcoming) blockers.push({ code: 'upcoming_reservations', message: t.upcomingReservations });
  if (row?.hosted) blockers.push({ code: 'hosted_reservations', message: t.hostedReservations });
  if (row?.refunds) blockers.push({ code: 'pending_refunds', message: t.pendingRefunds });
  if (row?.unpaid) blockers.push({ code: 'unpaid_earnings', message: t.unpaidEarnings });
  if (row?.ambassadors?.length) {
    blockers.push({ code: 'last_ambassador_member', message: t.lastAmbassadorMember(row.ambassadors.join('」「')) });
  }
  if (row?.last_admin) blockers.push({ code: 'last_admin', message: t.lastAdmin });
  return blockers;
}

/** Whether the payee of this user still has money to be paid (then its bank account must stay). */
export async function hasUnpaidEarnings(em: EntityManager, userId: number): Promise<boolean> {
  const [row] = await em.execute<{ unpaid: boolean }[]>(
    `SELECT EXISTS (SELECT 1 FROM payees p WHERE p.user_id = ?
       AND (SELECT coalesce(sum(l.amount), 0) FROM ledger_entries l WHERE l.payee_id = p.id) <> 0) AS unpaid`,
    [userId],
  );
  return Boolean(row?.unpaid);
}
