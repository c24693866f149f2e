// The page-shaped reads (one statement each, no entity hydration) answer exactly what the ORM-based reads
// answered before, field by field, for every experience of the demo data and every kind of viewer (guest, a signed-in
// guest, the host, an ambassador member, an admin, the operator), including who gets a 404. The reference
// implementations below are the pre-issue-16 code (entities + serializers, and the calendar window's three queries).
// Every experience × viewer pair is compared, which takes a while on a loaded machine: hence the long timeouts.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { loggedQueries } from '#tests/setup/logged-queries';
import { DatabaseSeeder } from '#seeds/DatabaseSeeder';
import { DEMO_PASSWORD } from '#seeds/demo-accounts';
import { GUEST, operator, type Actor, type Ctx } from '#src/lib/context';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { canManageExperience, isExperienceHost } from '#src/modules/experiences/experiences.policy';
import {
  EXPERIENCE_CARD_POPULATE,
  EXPERIENCE_JSON_POPULATE,
  toExperienceCardJson,
  toExperienceJson,
} from '#src/modules/experiences/experiences.serializers';
import { OTHER_EXPERIENCES_LIMIT, type ExperienceJson } from '#src/modules/experiences/experiences.schemas';
import { DEFAULT_WINDOW_DAYS, type CalendarsJson } from '#src/modules/calendars/calendars.schemas';
import { deadlineAt } from '#src/modules/calendars/slots';
import type { UserRole } from '#src/modules/users/users.schemas';

let t: TestApp;
let experienceIds: number[] = [];
/** The experience whose first slot is 70 days ahead. */
let laterId = 0;
let viewers: { label: string; actor: Actor }[] = [];

/** Counts the SQL statements sent while `run` executes. */
async function countQueries(run: () => Promise<unknown>): Promise<number> {
  return (await loggedQueries(t.orm, run)).length;
}

function ctxOf(actor: Actor): Ctx {
  return t.services.context(actor);
}

/** The result of a call, or its error's status (404 …), so answers and refusals compare alike. */
async function outcome<T>(run: () => Promise<T>): Promise<T | { status: number }> {
  try {
    return await run();
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === undefined) throw error;
    return { status };
  }
}

// ---- The pre-issue-16 reads (the reference) ----

async function referenceDetail(ctx: Ctx, id: number): Promise<ExperienceJson> {
  const experience = await ctx.em.findOne(Experience, { id }, { populate: EXPERIENCE_JSON_POPULATE });
  if (!experience) throw Object.assign(new Error('not found'), { status: 404 });
  const privileged = await canManageExperience(ctx, experience);
  if (!experience.approve && !privileged) throw Object.assign(new Error('not found'), { status: 404 });
  return toExperienceJson(experience, { privileged });
}

async function referenceOthers(ctx: Ctx, id: number) {
  await referenceDetail(ctx, id);
  const experience = await ctx.em.findOneOrFail(Experience, { id });
  const where: Record<string, unknown> = { approve: true, id: { $ne: id } };
  if (experience.hostUser) where.hostUser = experience.hostUser.id;
  else if (experience.hostAmbassador) where.hostAmbassador = experience.hostAmbassador.id;
  const [rows, total] = await ctx.em.findAndCount(Experience, where, {
    populate: EXPERIENCE_CARD_POPULATE,
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: OTHER_EXPERIENCES_LIMIT,
  });
  const hearted = new Set(await t.services.favorites.idsAmong(ctx, { ids: rows.map((row) => row.id) }));
  return {
    experiences: rows.map(toExperienceCardJson),
    meta: { total_count: total },
    favorite_ids: rows.map((row) => row.id).filter((id) => hearted.has(id)),
  };
}

async function referenceWindow(ctx: Ctx, id: number, fromDate: string): Promise<CalendarsJson> {
  const today = todayInJapan();
  const experience = await referenceDetail(ctx, id);
  const from = fromDate < today ? today : fromDate;
  const to = addDays(fromDate, DEFAULT_WINDOW_DAYS - 1);
  const connection = ctx.em.getConnection();
  const rows = await connection.execute<
    {
      id: number;
      experience_id: number;
      date: string;
      start_time: string;
      end_time: string;
      recurrence_rule_id: string | null;
      recruitment_number: number;
      participant_number: number;
      accepting_reservation: boolean;
    }[]
  >(
    `SELECT c.id, c.experience_id, to_char(c.date, 'YYYY-MM-DD') AS date, c.start_time, c.end_time, c.recurrence_rule_id,
       c.recruitment_number, c.participant_number, c.accepting_reservation
     FROM calendars c WHERE c.experience_id = ? AND c.date BETWEEN ? AND ? ORDER BY c.date, c.start_time, c.id`,
    [id, from, to],
  );
  const counts = await connection.execute<{ n: string }[]>(
    'SELECT count(*)::text AS n FROM calendars WHERE experience_id = ? AND date > ?',
    [id, to],
  );
  const reserved =
    ctx.actor.kind === 'user'
      ? await connection.execute<{ calendar_id: number }[]>(
          `SELECT DISTINCT rc.calendar_id FROM reservation_calendars rc JOIN reservations r ON r.id = rc.reservation_id
           JOIN calendars c ON c.id = rc.calendar_id
           WHERE r.user_id = ? AND r.status = 'confirmed' AND c.experience_id = ? AND c.date BETWEEN ? AND ? ORDER BY rc.calendar_id`,
          [ctx.actor.id, id, from, to],
        )
      : [];
  return {
    calendars: rows.map((row) => ({
      id: row.id,
      experience_id: row.experience_id,
      date: row.date,
      start_time: row.start_time,
      end_time: row.end_time,
      recurrence_rule_uuid: row.recurrence_rule_id,
      recruitment_number: row.recruitment_number,
      participant_number: row.participant_number,
      accepting_reservation: row.accepting_reservation,
      reservation_deadline_at: deadlineAt(row.date, row.start_time, experience.reservation_deadline),
    })),
    meta: {
      reserved_calendar_ids: reserved.map((r) => r.calendar_id),
      recent_count: Number(counts[0]?.n ?? 0),
      from_date: from,
      to_date: to,
    },
  };
}

async function referenceUpcoming(ctx: Ctx, id: number): Promise<CalendarsJson> {
  let result = await referenceWindow(ctx, id, todayInJapan());
  for (let step = 0; step < 12 && result.calendars.length === 0 && result.meta.recent_count > 0; step++) {
    result = await referenceWindow(ctx, id, addDays(result.meta.to_date, 1));
  }
  return result;
}

beforeAll(async () => {
  t = await setupTestApp();
  await t.orm.seeder.seed(DatabaseSeeder);
  // Beside the demo data: slots only two and three months ahead (the first windows are empty) and no slots at all.
  laterId = (await createExperience(t.orm, { title: '二か月先から開催する体験' })).id;
  await createCalendar(t.orm, laterId, { daysFromToday: 70 });
  await createCalendar(t.orm, laterId, { daysFromToday: 100 });
  await createExperience(t.orm, { title: '日程のない体験' });
  const connection = t.orm.em.fork().getConnection();
  experienceIds = (await connection.execute<{ id: number }[]>('SELECT id FROM experiences ORDER BY id')).map((r) => r.id);
  const users = await connection.execute<{ id: number; name: string; email: string; role: string }[]>(
    `SELECT id, name, email, role FROM users WHERE email IN ('admin@example.com', 'host@example.com', 'guest@example.com', 'ambassador@example.com') ORDER BY id`,
  );
  viewers = [
    { label: 'guest', actor: GUEST },
    { label: 'operator', actor: operator('test') },
    ...users.map((u) => ({
      label: u.email,
      actor: { kind: 'user' as const, id: u.id, name: u.name, email: u.email, role: u.role as UserRole },
    })),
  ];
}, 60_000);

describe('page-shaped reads equal the ORM-based reads (demo data)', () => {
  it('the seeded data covers published and unpublished experiences, user and ambassador hosts, reviews and slots', async () => {
    const connection = t.orm.em.fork().getConnection();
    const [row] = await connection.execute<{ published: number; pending: number; by_ambassador: number; reviews: number; slots: number }[]>(
      `SELECT count(*) FILTER (WHERE approve)::int AS published, count(*) FILTER (WHERE NOT approve)::int AS pending,
         count(*) FILTER (WHERE host_ambassador_id IS NOT NULL)::int AS by_ambassador,
         (SELECT count(*)::int FROM reviews) AS reviews, (SELECT count(*)::int FROM calendars WHERE date >= current_date) AS slots
       FROM experiences`,
    );
    expect(row.published).toBeGreaterThan(1);
    expect(row.pending).toBeGreaterThan(0);
    expect(row.by_ambassador).toBeGreaterThan(0);
    expect(row.reviews).toBeGreaterThan(0);
    expect(row.slots).toBeGreaterThan(0);
    expect(viewers).toHaveLength(6);
  });

  it('GET /api/v1/experiences/{id}: the same JSON (or the same 404) for every experience and viewer', async () => {
    let compared = 0;
    for (const id of [...experienceIds, 999_999]) {
      for (const { label, actor } of viewers) {
        const expected = await outcome(() => referenceDetail(ctxOf(actor), id));
        const actual = await outcome(() => t.services.experiences.detail(ctxOf(actor), { id }));
        expect(actual, `experience ${id} as ${label}`).toStrictEqual(expected);
        if (!('status' in expected)) compared++;
      }
    }
    expect(compared).toBeGreaterThan(experienceIds.length);
  }, 240_000);

  it('other experiences and the first slot window: the same JSON for every experience and viewer', async () => {
    for (const id of experienceIds) {
      for (const { label, actor } of viewers) {
        expect(
          await outcome(() => t.services.experiences.otherExperiences(ctxOf(actor), { id })),
          `others ${id} as ${label}`,
        ).toStrictEqual(await outcome(() => referenceOthers(ctxOf(actor), id)));
        expect(await outcome(() => t.services.calendars.upcoming(ctxOf(actor), { id })), `calendars ${id} as ${label}`).toStrictEqual(
          await outcome(() => referenceUpcoming(ctxOf(actor), id)),
        );
      }
    }
  }, 240_000);

  it("the home page's new arrivals: the same cards as the entity read, the 8 newest published, in one statement", async () => {
    const ctx = ctxOf(GUEST);
    const expected = (
      await ctx.em.find(
        Experience,
        { approve: true },
        { populate: EXPERIENCE_CARD_POPULATE, orderBy: { createdAt: 'desc', id: 'desc' }, limit: 8 },
      )
    ).map(toExperienceCardJson);
    expect(expected).toHaveLength(8);
    const queries = await loggedQueries(t.orm, async () => {
      expect((await t.services.experiences.home(ctxOf(GUEST))).new_arrivals).toStrictEqual(expected);
    });
    expect(queries.filter((q) => /FROM unnest/.test(q))).toHaveLength(1);
    expect(queries).toHaveLength(3);
  });

  it("the experience page data: the detail, the reviews' rating, the viewer's heart and the slots, in one statement", async () => {
    for (const id of experienceIds) {
      for (const { label, actor } of viewers) {
        const expected = await outcome(async () => {
          const experience = await referenceDetail(ctxOf(actor), id);
          const reviews = await t.services.reviews.listForExperience(ctxOf(actor), { id });
          const hearted = actor.kind === 'user' ? await t.services.favorites.idsAmong(ctxOf(actor), { ids: [id] }) : [];
          return {
            experience,
            rating: { count: reviews.meta.total_count, average: reviews.average_rate },
            favorite: hearted.includes(id),
            own: await isExperienceHost(ctxOf(actor), await ctxOf(actor).em.findOneOrFail(Experience, { id })),
            calendars: await referenceUpcoming(ctxOf(actor), id),
          };
        });
        const actual = await outcome(() => t.services.storyPage.data(ctxOf(actor), { id }));
        expect(actual, `page ${id} as ${label}`).toStrictEqual(expected);
      }
    }
    const first = experienceIds[0];
    expect(await countQueries(() => t.services.storyPage.data(ctxOf(GUEST), { id: first }))).toBe(1);
    // The first two windows (31 days each) are empty: the page steps to the third, which holds the slot 70 days ahead.
    const later = await t.services.storyPage.data(ctxOf(GUEST), { id: laterId });
    expect(later.calendars.calendars.map((c) => c.date)).toEqual([addDays(todayInJapan(), 70)]);
    expect(later.calendars.meta.recent_count).toBe(1);
    expect(await countQueries(() => t.services.storyPage.data(ctxOf(GUEST), { id: laterId }))).toBe(3);
    expect(await countQueries(() => t.services.experiences.detail(ctxOf(GUEST), { id: first }))).toBe(1);
    expect(await countQueries(() => t.services.experiences.otherExperiences(ctxOf(GUEST), { id: first }))).toBe(1);
    expect(await countQueries(() => t.services.calendars.listForExperience(ctxOf(viewers[2].actor), { id: first }))).toBe(1);
  }, 240_000);

  it('the signed-in user read with the session equals GET /api/v1/me, in one statement', async () => {
    for (const { label, actor } of viewers) {
      if (actor.kind !== 'user') continue;
      const found = await t.services.users.findSession(ctxOf(GUEST), { id: actor.id });
      expect(found?.actor, label).toStrictEqual(actor);
      expect(found?.current, label).toStrictEqual(await t.services.users.me(ctxOf(actor), {}));
    }
    expect(await t.services.users.findSession(ctxOf(GUEST), { id: 999_999 })).toBeNull();
    expect(await t.services.users.findSession(ctxOf(GUEST), { id: 'x' })).toBeNull();
    expect(
      await countQueries(() =>
        t.services.users.findSession(ctxOf(GUEST), { id: viewers[2].actor.kind === 'user' ? viewers[2].actor.id : 0 }),
      ),
    ).toBe(1);
  });

  it('a signed-in request reads the session and the user, and never rewrites the session row', async () => {
    const agent = request.agent(t.app);
    await agent.post('/api/v1/sessions').send({ email: 'guest@example.com', password: DEMO_PASSWORD }).expect(201);
    const connection = t.orm.em.fork().getConnection();
    // A day earlier than the sign-in wrote (touch works in whole seconds): a touch would move it back.
    await connection.execute(`UPDATE session SET expire = expire - interval '1 day'`);
    const before = await connection.execute<{ expire: Date }[]>('SELECT expire FROM session');
    // Three signed-in requests in a row: a touch after the first would have landed by the third.
    for (let i = 0; i < 3; i++) {
      const me = await agent.get('/api/v1/me').expect(200);
      expect(me.body.email).toBe('guest@example.com');
    }
    const after = await connection.execute<{ expire: Date }[]>('SELECT expire FROM session');
    expect(after).toStrictEqual(before);
  });
});
