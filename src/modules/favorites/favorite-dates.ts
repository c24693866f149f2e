// New dates of hearted experiences, mailed to the guests who asked for it (users.notify_favorite_dates; off until the
// guest turns it on). Not a service: `noteNewDates` runs inside the host's save (calendars/calendar-plan.ts), and
// `mailDue` is a background job of the worker that takes no ctx and forks its own EntityManagers.
//
// The rules (docs/decisions/guest-features.md):
// - Every slot a host adds to an existing experience is noted (favorite_new_dates). The experience's mail goes out
//   NEW_DATES_WINDOW_MS after the first date not yet announced was added and lists every date noted until then, so a
//   host adding dates in several saves sends one mail; and at most one mail a day per experience (NEW_DATES_GAP_MS
//   after its last one), later dates waiting for the next.
// - Only dates still open at mail time are listed (the search's slot rule: accepting, a seat left, before the booking
//   deadline), and not those the guest already holds (the calendars' 予約済み); with none left, or the experience
//   unpublished, nothing is sent. The notes are deleted either way.
// - The recipients: users who hearted it, turned the mail on and have not left (退会), never its host (the host user
//   or a member of the host ambassador).
// - Once, whatever the number of workers: an experience is handled under a transaction-scoped advisory lock, its
//   notes are deleted in the transaction that queues the mails (outbox, unique dedupe keys), and the last mail's time
//   is checked again under the lock.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import { formatDateJa, todayInJapan } from '#src/lib/isomorphic/dates';
import { transaction } from '#src/lib/transaction';
import * as ja from '#src/i18n/ja';
import { enqueueMail, type OutgoingMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { slotCondition } from '#src/modules/experiences/stories-search';
import { heldByUserSql } from '#src/modules/calendars/slots';

/** How long after the first new date an experience's mail waits for more (a host often adds dates in several saves). */
export const NEW_DATES_WINDOW_MS = 60 * 60_000;
/** The shortest time between two such mails of one experience. */
export const NEW_DATES_GAP_MS = 24 * 60 * 60_000;
/** The most dates a mail lists (a weekly rule may add many); the rest are counted. */
const DATES_LISTED = 20;
/** The advisory lock namespace of an experience's new-date mail (pg_try_advisory_xact_lock(int, int)). */
const NEW_DATES_LOCK = 14_021;

const pgIds = (ids: number[]) => `{${ids.join(',')}}`;

/** Notes slots a host has just added to an existing experience; inside the host's transaction, after the flush. */
export async function noteNewDates(em: EntityManager, experienceId: number, calendarIds: number[]): Promise<void> {
  if (calendarIds.length === 0) return;
  await em.execute(
    'INSERT INTO favorite_new_dates (calendar_id, experience_id) SELECT unnest(?::int[]), ? ON CONFLICT (calendar_id) DO NOTHING',
    [pgIds(calendarIds), experienceId],
  );
}

export interface FavoriteDatesDeps {
  orm: MikroORM;
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  log: Logger;
}

interface ExperienceRow {
  title: string;
  approve: boolean;
  host_user_id: number | null;
  host_ambassador_id: number | null;
}

interface DateRow {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
}

export function createFavoriteDates(deps: FavoriteDatesDeps) {
  const { orm, log } = deps;
  const baseUrl = publicBaseUrl(deps.env);
  const m = ja.favoriteDates.mail;

  function datesMail(name: string, title: string, experienceId: number, dates: DateRow[]): string {
    const listed = dates.slice(0, DATES_LISTED);
    return mailText({
      name,
      body: [
        m.lead(title),
        '',
        m.dates,
        ...listed.map((d) => m.date(`${formatDateJa(d.date)} ${ja.reservations.timeRange(d.start_time, d.end_time)}`)),
        dates.length > listed.length ? m.more(dates.length - listed.length) : null,
        '',
        m.link(`${baseUrl}/stories/${experienceId}`),
        '',
        m.why,
      ],
      baseUrl,
    });
  }

  /** One experience's due notes: claimed, and mailed when anything is left to say. Answers the mails queued. */
  async function mailExperience(experienceId: number, now: Date): Promise<number> {
    const dueBefore = new Date(now.getTime() - NEW_DATES_WINDOW_MS);
    const gapSince = new Date(now.getTime() - NEW_DATES_GAP_MS);
    return transaction(orm.em.fork(), async (tx) => {
      const [lock] = await tx.execute<{ locked: boolean }[]>('SELECT pg_try_advisory_xact_lock(?, ?) AS locked', [
        NEW_DATES_LOCK,
        experienceId,
      ]);
      if (!lock.locked) return 0;
      // Checked again under the lock: another worker may have mailed this experience since the candidates were read.
      const [state] = await tx.execute<{ first: Date | null; last: Date | null }[]>(
        `SELECT (SELECT min(added_at) FROM favorite_new_dates WHERE experience_id = ?) AS first,
                (SELECT mailed_at FROM favorite_date_mails WHERE experience_id = ?) AS last`,
        [experienceId, experienceId],
      );
      if (!state.first || new Date(state.first) > dueBefore) return 0;
      if (state.last && new Date(state.last) > gapSince) return 0;
      const claimed = await tx.execute<{ calendar_id: number }[]>(
        'DELETE FROM favorite_new_dates WHERE experience_id = ? RETURNING calendar_id',
        [experienceId],
      );
      const ids = claimed.map((row) => Number(row.calendar_id));
      const [experience] = await tx.execute<ExperienceRow[]>(
        'SELECT title, approve, host_user_id, host_ambassador_id FROM experiences WHERE id = ?',
        [experienceId],
      );
      if (!experience?.approve || ids.length === 0) return 0;
      const open = slotCondition(todayInJapan(now), null, 1, now);
      const dates = await tx.execute<DateRow[]>(
        `SELECT c.id, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time
         FROM calendars c JOIN experiences e ON e.id = c.experience_id
         WHERE c.id = ANY(?::int[]) AND ${open.text} ORDER BY c.date, c.start_time, c.id`,
        [pgIds(ids), ...open.params],
      );
      if (dates.length === 0) return 0;
      // Each guest's own list leaves out the dates they already hold (a booking made since the host added them).
      const guests = await tx.execute<{ id: number; name: string; email: string; held: number[] }[]>(
        `SELECT u.id, u.name, u.email,
           ARRAY(SELECT c.id FROM calendars c WHERE c.id = ANY(?::int[]) AND ${heldByUserSql('u.id')}) AS held
         FROM favorites f JOIN users u ON u.id = f.user_id
         WHERE f.experience_id = ? AND u.notify_favorite_dates AND u.left_at IS NULL AND u.id IS DISTINCT FROM ?
           AND NOT EXISTS (SELECT 1 FROM ambassador_members am WHERE am.ambassador_id = ? AND am.user_id = u.id)
         ORDER BY u.id`,
        [pgIds(dates.map((d) => d.id)), experienceId, experience.host_user_id, experience.host_ambassador_id],
      );
      const batch = Math.min(...ids);
      const mails: OutgoingMail[] = [];
      for (const guest of guests) {
        const held = new Set(guest.held.map(Number));
        const own = dates.filter((d) => !held.has(Number(d.id)));
        if (own.length === 0) continue;
        mails.push({
          dedupeKey: `favorite-dates:${experienceId}:${batch}:${guest.id}`,
          to: guest.email,
          footer: 'user',
          subject: m.subject(experience.title),
          text: datesMail(guest.name, experience.title, experienceId, own),
        });
      }
      if (mails.length === 0) return 0;
      await enqueueMail(tx, mails);
      await tx.execute(
        `INSERT INTO favorite_date_mails (experience_id, mailed_at) VALUES (?, ?)
         ON CONFLICT (experience_id) DO UPDATE SET mailed_at = EXCLUDED.mailed_at`,
        [experienceId, now],
      );
      return mails.length;
    });
  }

  /**
   * Queues the new-date mails due at `now` (default: the clock) for at most `limit` experiences; answers how many
   * mails were queued. Safe to run from any number of workers at once.
   */
  async function mailDue(options: { now?: Date; limit?: number } = {}): Promise<number> {
    const now = options.now ?? new Date();
    const due = await orm.em.fork().execute<{ experience_id: number }[]>(
      `SELECT n.experience_id FROM favorite_new_dates n
       WHERE NOT EXISTS (SELECT 1 FROM favorite_date_mails m WHERE m.experience_id = n.experience_id AND m.mailed_at > ?)
       GROUP BY n.experience_id HAVING min(n.added_at) <= ? ORDER BY min(n.added_at) LIMIT ?`,
      [new Date(now.getTime() - NEW_DATES_GAP_MS), new Date(now.getTime() - NEW_DATES_WINDOW_MS), options.limit ?? 50],
    );
    let queued = 0;
    for (const row of due) queued += await mailExperience(Number(row.experience_id), now);
    if (queued > 0) log.info({ experiences: due.length, mails: queued }, 'favourites new-date mails queued');
    return queued;
  }

  return { mailDue };
}

export type FavoriteDates = ReturnType<typeof createFavoriteDates>;
