// The copy of one user's data (not a service: reads over an EntityManager, run by the worker's job). Two files:
// - JSON: the profile, consents and notification settings, the signed-in devices, the reservations (slots, amounts,
//   payment, refund, receipt, the message thread), reviews, community applications with their answers, inquiries
//   and the mails sent to the address; and under `tables` every row of every table that references the user by a
//   foreign key, found in the catalogue at build time, so a table added later is in the copy without a change here,
//   and the user's changes of e-mail address (named by door and id).
//   Secrets (password and token hashes, the encrypted account number) and the copies' own files are left out.
// - CSV: the reservations, one line each (src/lib/csv.ts: RFC 4180, formula cells neutralised, UTF-8 BOM).
import type { EntityManager } from '@mikro-orm/postgresql';
import { UTF8_BOM, csvRecord } from '#src/lib/csv';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { listAccountSessions } from '#src/modules/accounts/account-sessions';
import * as ja from '#src/i18n/ja';

/** Columns never copied: secrets, and derived or bulky columns that say nothing about the person. */
const OMITTED_COLUMNS = [
  'password_hash',
  'reset_password_token_hash',
  'email_verify_token_hash',
  'confirm_token_hash',
  'undo_token_hash',
  'token_hash',
  'account_number_encrypted',
  'json_body',
  'csv_body',
  'search_text',
  'search_bigrams',
  'keyword_text',
];

type Row = Record<string, unknown>;

/** PostgreSQL array literals (the driver's `?` expands a JS array into a list, not an array). */
const OMITTED = `{${OMITTED_COLUMNS.join(',')}}`;
const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/** Every (table, column) whose foreign key references users.id. */
async function referencingColumns(em: EntityManager): Promise<{ table_name: string; column_name: string }[]> {
  return em.execute(
    `SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
     FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
     WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass
     ORDER BY 1, 2`,
  );
}

/** The rows of each table that reference the user (a row referencing them twice appears once), by id. */
async function referencingRows(em: EntityManager, userId: number): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = {};
  const [self] = await em.execute<{ row: Row }[]>('SELECT to_jsonb(u) - ?::text[] AS row FROM users u WHERE u.id = ?', [OMITTED, userId]);
  tables.users = self ? [self.row] : [];
  for (const { table_name, column_name } of await referencingColumns(em)) {
    const table = table_name.replaceAll('"', '');
    const rows = await em.execute<{ row: Row }[]>(
      `SELECT to_jsonb(t) - ?::text[] AS row FROM "${table}" t WHERE t."${column_name.replaceAll('"', '')}" = ?`,
      [OMITTED, userId],
    );
    tables[table] ??= [];
    const list = tables[table];
    const seen = new Set(list.map((row) => JSON.stringify(row.id ?? row)));
    for (const { row } of rows) {
      const key = JSON.stringify(row.id ?? row);
      if (!seen.has(key)) {
        seen.add(key);
        list.push(row);
      }
    }
  }
  // Changes of address name their account by door and id (one table for both doors), not by a foreign key.
  const changes = await em.execute<{ row: Row }[]>(
    `SELECT to_jsonb(c) - ?::text[] AS row FROM email_changes c WHERE c.door = 'user' AND c.account_id = ?`,
    [OMITTED, userId],
  );
  if (changes.length > 0) tables.email_changes = changes.map(({ row }) => row);
  for (const list of Object.values(tables)) list.sort((a, b) => Number(a.id ?? 0) - Number(b.id ?? 0));
  return tables;
}

interface ReservationRow extends Row {
  id: number;
  experience_title: string;
  status: keyof typeof ja.dataExport.statuses;
  number_of_people: number;
  option_name: string | null;
  coupon_code: string | null;
  tour_amount: number;
  option_amount: number;
  discount_amount: number;
  service_fee: number;
  processing_fee: number;
  total_amount: number;
  created_at: string;
}

async function reservationsOf(em: EntityManager, userId: number) {
  const reservations = await em.execute<ReservationRow[]>(
    `SELECT r.id, r.experience_id, e.title AS experience_title, r.status, r.number_of_people, r.option_name, r.coupon_code,
       r.message_to_host, r.tour_amount, r.option_amount, r.discount_amount, r.service_fee, r.processing_fee, r.total_amount,
       r.payment_reference, r.created_at, r.confirmed_at, r.cancelled_at, r.cancelled_by, r.cancellation_reason, r.refund_amount
     FROM reservations r JOIN experiences e ON e.id = r.experience_id WHERE r.user_id = ? ORDER BY r.created_at, r.id`,
    [userId],
  );
  const idList = intArray(reservations.map((r) => r.id));
  const [slots, refunds, receipts, messages] = await Promise.all([
    em.execute<{ reservation_id: number; date: string; start_time: string; end_time: string }[]>(
      `SELECT rc.reservation_id, c.date::text AS date, c.start_time, c.end_time
       FROM reservation_calendars rc JOIN calendars c ON c.id = rc.calendar_id
       WHERE rc.reservation_id = ANY (?::int[]) ORDER BY c.date, c.start_time, c.id`,
      [idList],
    ),
    em.execute<{ reservation_id: number; amount: number; status: 'pending' | 'succeeded' }[]>(
      'SELECT reservation_id, amount, status, created_at, succeeded_at FROM refunds WHERE reservation_id = ANY (?::int[])',
      [idList],
    ),
    em.execute<{ reservation_id: number }[]>(
      'SELECT reservation_id, number, addressee, purpose, issued_count, created_at FROM receipts WHERE reservation_id = ANY (?::int[])',
      [idList],
    ),
    em.execute<{ reservation_id: number }[]>(
      `SELECT reservation_id, id, sender_side, sender_id = ? AS mine, body, created_at
       FROM reservation_messages WHERE reservation_id = ANY (?::int[]) ORDER BY created_at, id`,
      [userId, idList],
    ),
  ]);
  const pick = <T extends { reservation_id: number }>(list: T[], id: number) =>
    list.filter((row) => row.reservation_id === id).map(({ reservation_id: _r, ...rest }) => rest);
  return reservations.map((r) => ({
    ...r,
    slots: pick(slots, r.id),
    refund: pick(refunds, r.id)[0] ?? null,
    receipt: pick(receipts, r.id)[0] ?? null,
    messages: pick(messages, r.id),
  }));
}

function reservationsCsv(reservations: Awaited<ReturnType<typeof reservationsOf>>): string {
  const t = ja.dataExport;
  const lines = [csvRecord([...t.csvHeader], '\r\n')];
  for (const r of reservations) {
    const refund = r.refund as { amount: number; status: 'pending' | 'succeeded' } | null;
    lines.push(
      csvRecord(
        [
          r.id,
          r.experience_title,
          r.slots.map((s) => `${s.date} ${s.start_time}-${s.end_time}`).join(' / '),
          r.number_of_people,
          r.option_name,
          r.coupon_code,
          r.tour_amount,
          r.option_amount,
          r.discount_amount,
          r.service_fee,
          r.processing_fee,
          r.total_amount,
          t.statuses[r.status],
          formatInstantDateTimeJa(r.created_at),
          refund?.amount ?? null,
          refund ? t.refundStatuses[refund.status] : null,
        ],
        '\r\n',
      ),
    );
  }
  return UTF8_BOM + lines.join('');
}

/** Builds both files for the user (null when the account is gone or has left). */
export async function buildDataExport(em: EntityManager, userId: number): Promise<{ json: string; csv: string } | null> {
  const [user] = await em.execute<Row[]>(
    `SELECT id, name, email, role, avatar_url, introduction, notify_reminders, notify_messages, notify_favorite_dates, terms_version,
       terms_consented_at, created_at, updated_at, left_at FROM users WHERE id = ?`,
    [userId],
  );
  if (!user || user.left_at) return null;
  const email = String(user.email);
  const reservations = await reservationsOf(em, userId);
  const [sessions, reviews, applications, answers, inquiries, mails, tables] = await Promise.all([
    listAccountSessions(em, { door: 'userId', id: userId }),
    em.execute(
      `SELECT v.id, v.experience_id, e.title AS experience_title, v.reservation_id, v.rate, v.content, v.posted_at,
         v.host_reply_content, v.host_replied_at, v.hidden_at, v.hidden_reason
       FROM reviews v JOIN experiences e ON e.id = v.experience_id WHERE v.guest_id = ? ORDER BY v.id`,
      [userId],
    ),
    em.execute<{ id: number }[]>(
      `SELECT a.id, a.community_id, c.name AS community_name, a.full_name, a.gender, a.postal_code, a.address,
         a.birthday::text AS birthday, a.occupation_id, a.created_at
       FROM community_applications a JOIN communities c ON c.id = a.community_id WHERE a.user_id = ? ORDER BY a.id`,
      [userId],
    ),
    em.execute<{ application_id: number }[]>(
      `SELECT w.application_id, w.question_text AS question, w.content
       FROM community_application_answers w JOIN community_applications a ON a.id = w.application_id
       WHERE a.user_id = ? ORDER BY w.id`,
      [userId],
    ),
    em.execute(
      `SELECT id, name, email, content, reservation_number, resolved, created_at FROM contact_inquiries
       WHERE user_id = ? OR lower(email) = lower(?) ORDER BY id`,
      [userId, email],
    ),
    em.execute('SELECT id, subject, status, created_at, sent_at FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY id', [email]),
    referencingRows(em, userId),
  ]);
  const { terms_version, terms_consented_at, notify_reminders, notify_messages, notify_favorite_dates, ...profile } = user;
  const data = {
    format: 'tabitoko-data-export/1',
    generated_at: new Date().toISOString(),
    profile,
    consents: [{ document: 'terms_and_privacy', version: terms_version, consented_at: terms_consented_at }],
    notifications: { reminders: notify_reminders, messages: notify_messages, favorite_dates: notify_favorite_dates },
    sessions: sessions.map(({ sid: _sid, ...rest }) => rest),
    reservations,
    reviews,
    community_applications: applications.map((a) => ({
      ...a,
      answers: answers.filter((w) => w.application_id === a.id).map(({ application_id: _a, ...rest }) => rest),
    })),
    inquiries,
    mails,
    tables,
  };
  return { json: JSON.stringify(data, null, 2), csv: reservationsCsv(reservations) };
}
