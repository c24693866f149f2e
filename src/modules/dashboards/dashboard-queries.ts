// The dashboards' statements (server-only, not a service): one SQL statement per chart. Each takes the instant to
// cut at (`now`, passed in so every chart of one answer uses the same one) and buckets rows by the week (Monday
// 00:00) or month of their time in Japan. Every bucket of the range is generated in SQL, so an empty week is a row
// with 0. Each statement reads only its range: the table's timestamp is compared with the range's instants, which the
// indexes of Migration20261129140000_dashboard_indexes serve.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DASHBOARD_MONTHS, DASHBOARD_WEEKS, UPCOMING_EVENTS } from './dashboards.shared';

const TZ = `'Asia/Tokyo'`;

/**
 * `weeks(week)`: the DASHBOARD_WEEKS Mondays (Japan time, timestamp without zone) up to the one of `now`, and
 * `span(from_at, to_at)`: the range's instants. Takes one parameter, `now`.
 */
const WEEKS = `
  this_week AS (SELECT date_trunc('week', ?::timestamptz AT TIME ZONE ${TZ}) AS monday),
  weeks AS (SELECT generate_series(monday - interval '${DASHBOARD_WEEKS - 1} weeks', monday, interval '1 week') AS week FROM this_week),
  span AS (SELECT (monday - interval '${DASHBOARD_WEEKS - 1} weeks') AT TIME ZONE ${TZ} AS from_at,
                  (monday + interval '1 week') AT TIME ZONE ${TZ} AS to_at FROM this_week)`;

/** The week (Japan time) of a timestamptz column. */
const weekOf = (column: string) => `date_trunc('week', ${column} AT TIME ZONE ${TZ})`;

const BOOKINGS = `
  WITH ${WEEKS},
  counted AS (
    SELECT ${weekOf('r.confirmed_at')} AS week, count(*) AS bookings, sum(r.total_amount) AS gross
      FROM reservations r, span
     WHERE r.confirmed_at >= span.from_at AND r.confirmed_at < span.to_at
     GROUP BY 1)
  SELECT to_char(w.week, 'YYYY-MM-DD') AS week_start, coalesce(c.bookings, 0)::int AS bookings,
         coalesce(c.gross, 0)::bigint AS gross_amount
    FROM weeks w LEFT JOIN counted c ON c.week = w.week
   ORDER BY w.week`;

const CANCELLATIONS = `
  WITH ${WEEKS},
  cancelled AS (
    SELECT ${weekOf('r.cancelled_at')} AS week, count(*) AS n
      FROM reservations r, span
     WHERE r.cancelled_at >= span.from_at AND r.cancelled_at < span.to_at
     GROUP BY 1),
  refunded AS (
    SELECT ${weekOf('f.created_at')} AS week, count(*) AS n, sum(f.amount) AS amount
      FROM refunds f, span
     WHERE f.created_at >= span.from_at AND f.created_at < span.to_at
     GROUP BY 1)
  SELECT to_char(w.week, 'YYYY-MM-DD') AS week_start, coalesce(c.n, 0)::int AS cancellations,
         coalesce(f.n, 0)::int AS refunds, coalesce(f.amount, 0)::bigint AS refund_amount
    FROM weeks w LEFT JOIN cancelled c ON c.week = w.week LEFT JOIN refunded f ON f.week = w.week
   ORDER BY w.week`;

const NEW_USERS = `
  WITH ${WEEKS},
  counted AS (
    SELECT ${weekOf('u.created_at')} AS week, count(*) AS n
      FROM users u, span
     WHERE u.created_at >= span.from_at AND u.created_at < span.to_at
     GROUP BY 1)
  SELECT to_char(w.week, 'YYYY-MM-DD') AS week_start, coalesce(c.n, 0)::int AS new_users
    FROM weeks w LEFT JOIN counted c ON c.week = w.week
   ORDER BY w.week`;

const INQUIRIES = `
  SELECT 'contact' AS kind, count(*) FILTER (WHERE NOT resolved)::int AS unresolved, count(*) FILTER (WHERE resolved)::int AS resolved
    FROM contact_inquiries
  UNION ALL
  SELECT 'program', count(*) FILTER (WHERE NOT resolved)::int, count(*) FILTER (WHERE resolved)::int
    FROM brand_and_ambassador_inquiries`;

/** `months(month)`: the DASHBOARD_MONTHS first days (Japan time) up to the one of `now`. One parameter, `now`. */
const MONTHS = `
  this_month AS (SELECT date_trunc('month', ?::timestamptz AT TIME ZONE ${TZ}) AS first),
  months AS (SELECT generate_series(first - interval '${DASHBOARD_MONTHS - 1} months', first, interval '1 month') AS month FROM this_month)`;

/** The brand's communities' experiences. One parameter, the brand id. */
const BRAND_EXPERIENCES = `
  brand_experiences AS (
    SELECT e.id, e.title, e.approve, cm.name AS community_name
      FROM brand_communities bc JOIN communities cm ON cm.id = bc.community_id JOIN experiences e ON e.community_id = bc.community_id
     WHERE bc.brand_id = ?)`;

/** Seats taken (calendars.participant_number: confirmed reservations and holds in progress) on the month's dates. */
const PARTICIPANTS = `
  WITH ${MONTHS}, ${BRAND_EXPERIENCES},
  counted AS (
    SELECT date_trunc('month', c.date) AS month, sum(c.participant_number) AS n
      FROM brand_experiences be JOIN calendars c ON c.experience_id = be.id, this_month
     WHERE c.date >= (this_month.first - interval '${DASHBOARD_MONTHS - 1} months')::date
       AND c.date < (this_month.first + interval '1 month')::date
     GROUP BY 1)
  SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(c.n, 0)::int AS participants
    FROM months m LEFT JOIN counted c ON c.month = m.month
   ORDER BY m.month`;

const APPLICATIONS = `
  WITH ${MONTHS},
  counted AS (
    SELECT date_trunc('month', a.created_at AT TIME ZONE ${TZ}) AS month, count(*) AS n
      FROM brand_communities bc JOIN community_applications a ON a.community_id = bc.community_id, this_month
     WHERE bc.brand_id = ?
       AND a.created_at >= (this_month.first - interval '${DASHBOARD_MONTHS - 1} months') AT TIME ZONE ${TZ}
       AND a.created_at < (this_month.first + interval '1 month') AT TIME ZONE ${TZ}
     GROUP BY 1)
  SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(c.n, 0)::int AS applications
    FROM months m LEFT JOIN counted c ON c.month = m.month
   ORDER BY m.month`;

/**
 * Published experiences' dates that have not started yet (Japan time), soonest first: each experience's first few
 * from its (experience_id, date, start_time) index, then the soonest of those.
 */
const UPCOMING = `
  WITH ${BRAND_EXPERIENCES},
  today AS (SELECT (?::timestamptz AT TIME ZONE ${TZ}) AS at)
  SELECT c.id AS calendar_id, be.id AS experience_id, be.title, be.community_name, to_char(c.date, 'YYYY-MM-DD') AS date,
         c.start_time, c.participant_number, c.recruitment_number
    FROM brand_experiences be, today
    CROSS JOIN LATERAL (
      SELECT c.id, c.date, c.start_time, c.participant_number, c.recruitment_number
        FROM calendars c
       WHERE c.experience_id = be.id AND c.date >= today.at::date AND c.date + c.start_time::time >= today.at
       ORDER BY c.date, c.start_time
       LIMIT ${UPCOMING_EVENTS}) c
   WHERE be.approve
   ORDER BY c.date, c.start_time, c.id
   LIMIT ${UPCOMING_EVENTS}`;

export interface BookingWeekRow {
  week_start: string;
  bookings: number;
  gross_amount: string;
}
export interface CancellationWeekRow {
  week_start: string;
  cancellations: number;
  refunds: number;
  refund_amount: string;
}
export interface UpcomingRow {
  calendar_id: number;
  experience_id: number;
  title: string;
  community_name: string;
  date: string;
  start_time: string;
  participant_number: number;
  recruitment_number: number;
}

export const dashboardQueries = {
  bookings: (em: EntityManager, now: Date) => em.execute<BookingWeekRow[]>(BOOKINGS, [now]),
  cancellations: (em: EntityManager, now: Date) => em.execute<CancellationWeekRow[]>(CANCELLATIONS, [now]),
  newUsers: (em: EntityManager, now: Date) => em.execute<{ week_start: string; new_users: number }[]>(NEW_USERS, [now]),
  inquiries: (em: EntityManager) => em.execute<{ kind: string; unresolved: number; resolved: number }[]>(INQUIRIES),
  participants: (em: EntityManager, now: Date, brandId: number) =>
    em.execute<{ month: string; participants: number }[]>(PARTICIPANTS, [now, brandId]),
  applications: (em: EntityManager, now: Date, brandId: number) =>
    em.execute<{ month: string; applications: number }[]>(APPLICATIONS, [now, brandId]),
  upcoming: (em: EntityManager, now: Date, brandId: number) => em.execute<UpcomingRow[]>(UPCOMING, [brandId, now]),
};
