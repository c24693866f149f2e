// The dashboards' numbers (GET /api/v1/admin/dashboard, GET /brand/api/v1/dashboard): weekly and monthly buckets
// in Japan time, empty buckets as 0, the edges of a week and a month on either side of midnight JST, and who may
// ask. The clock is faked (Date only) at Wednesday 2026-03-04 12:00 JST; every row's time is written literally.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser } from '#tests/factories/users';
import { createCommunity } from '#tests/factories/communities';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createInquiry } from '#tests/factories/inquiries';
import { NON_ADMIN, brandMemberAgent, setupCallers, type Callers } from './admin-helpers';
import { createApplication, setupPortalBrand, type PortalBrand } from './brand-portal-helpers';

const NOW = '2026-03-04T03:00:00Z';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
});
afterEach(() => {
  vi.useRealTimers();
});

const sql = (text: string, values: unknown[] = []) => t.orm.em.fork().execute(text, values);

/** The 26 Mondays up to 2026-03-02, written out. */
// biome-ignore format: eight weeks per line
const WEEKS = [
  '2025-09-08', '2025-09-15', '2025-09-22', '2025-09-29', '2025-10-06', '2025-10-13', '2025-10-20', '2025-10-27',
  '2025-11-03', '2025-11-10', '2025-11-17', '2025-11-24', '2025-12-01', '2025-12-08', '2025-12-15', '2025-12-22',
  '2025-12-29', '2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16',
  '2026-02-23', '2026-03-02',
];

/** `week value…` for every week: the listed weeks get their values, every other week zeros. */
function weekly(values: Record<string, string>, zero: string): string[] {
  return WEEKS.map((w) => `${w} ${values[w] ?? zero}`);
}

describe('GET /api/v1/admin/dashboard', () => {
  it('answers 401 signed out and 403 to every other non-admin', async () => {
    for (const caller of NON_ADMIN) {
      const res = await c.agents[caller].get('/api/v1/admin/dashboard');
      expect(res.status, caller).toBe(caller === 'signedOut' || caller === 'brandMember' ? 401 : 403);
    }
  });

  it('buckets bookings, cancellations, refunds and sign-ups by the Monday of their week in Japan time', async () => {
    const guest = await createUser(t.orm);
    const experience = await createExperience(t.orm);
    const slot = await createCalendar(t.orm, experience.id, { date: '2026-03-20' });
    const book = async (confirmedAt: string, total: 'small' | 'large' = 'small') => {
      const r = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
      const amounts = total === 'large' ? [5000, 250, 180, 5430] : [1000, 50, 36, 1086];
      await sql(
        'UPDATE reservations SET confirmed_at = ?, tour_amount = ?, service_fee = ?, processing_fee = ?, total_amount = ? WHERE id = ?',
        [confirmedAt, ...amounts, r.id],
      );
      return r.id;
    };
    await book('2026-03-01T14:59:59Z'); // Sunday 23:59:59 JST: the week of 02-23
    await book('2026-03-01T15:00:00Z'); // Monday 00:00 JST: the week of 03-02
    await book('2026-02-24T01:00:00Z', 'large'); // Tuesday 10:00 JST
    const cancelledWithRefund = await book('2026-02-10T00:00:00Z');
    const cancelledLate = await book('2026-02-11T00:00:00Z');
    await book('2025-09-07T15:30:00Z'); // Monday 2025-09-08 00:30 JST: the first week shown
    await book('2025-09-07T14:00:00Z'); // Sunday 23:00 JST: the week before the first, not shown
    await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id], status: 'pending' });
    // Cancelled on Monday 03-02 09:30 JST with a refund of 1,000 yen, and on Monday 02-16 00:10 JST without one.
    await sql(
      `UPDATE reservations SET status = 'cancelled', cancelled_by = 'guest', cancelled_at = '2026-03-02T00:30:00Z', refund_amount = 1000 WHERE id = ?`,
      [cancelledWithRefund],
    );
    await sql(
      `INSERT INTO refunds (reservation_id, amount, idempotency_key, created_at) VALUES (?, 1000, 'dash-refund-1', '2026-03-02T00:30:00Z')`,
      [cancelledWithRefund],
    );
    await sql(
      `UPDATE reservations SET status = 'cancelled', cancelled_by = 'host', cancelled_at = '2026-02-15T15:10:00Z', refund_amount = 0 WHERE id = ?`,
      [cancelledLate],
    );
    // Sign-ups: everyone so far long ago, then three new accounts.
    await sql(`UPDATE users SET created_at = '2024-01-01T00:00:00Z'`);
    for (const [email, at] of [
      ['dash-a@example.com', '2026-03-01T15:00:00Z'], // Monday 00:00 JST
      ['dash-b@example.com', '2026-03-01T14:59:59Z'], // Sunday 23:59:59 JST
      ['dash-c@example.com', '2025-12-31T15:00:00Z'], // Thursday 2026-01-01 00:00 JST: the week of 2025-12-29
    ]) {
      const user = await createUser(t.orm, { email });
      await sql('UPDATE users SET created_at = ? WHERE id = ?', [at, user.id]);
    }

    vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
    const res = await c.agents.admin.get('/api/v1/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.as_of).toBe('2026-03-04T03:00:00.000Z');
    expect(res.body.bookings.map((w: Record<string, number>) => `${w.week_start} ${w.bookings} ${w.gross_amount}`)).toEqual(
      weekly({ '2025-09-08': '1 1086', '2026-02-09': '2 2172', '2026-02-23': '2 6516', '2026-03-02': '1 1086' }, '0 0'),
    );
    expect(
      res.body.cancellations.map((w: Record<string, number>) => `${w.week_start} ${w.cancellations} ${w.refunds} ${w.refund_amount}`),
    ).toEqual(weekly({ '2026-02-16': '1 0 0', '2026-03-02': '1 1 1000' }, '0 0 0'));
    expect(res.body.new_users.map((w: Record<string, number>) => `${w.week_start} ${w.new_users}`)).toEqual(
      weekly({ '2025-12-29': '1', '2026-02-23': '1', '2026-03-02': '1' }, '0'),
    );
  });

  it('counts the inquiries by kind and status and the approval queue by waiting time', async () => {
    await createInquiry(t.orm, { resolved: false });
    await createInquiry(t.orm, { resolved: false });
    await createInquiry(t.orm, { resolved: true });
    await sql(
      `INSERT INTO contact_inquiries (name, email, content, resolved) VALUES ('問', 'q1@example.com', '質問', false), ('問', 'q2@example.com', '質問', true), ('問', 'q3@example.com', '質問', true)`,
    );
    const waiting = [
      '2026-03-04T02:00:00Z', // 1 hour: under a day
      '2026-03-03T03:00:00Z', // exactly 1 day
      '2026-03-01T03:00:01Z', // just under 3 days
      '2026-02-25T03:00:00Z', // 7 days
      '2026-02-18T03:00:00Z', // 14 days
      '2025-12-01T00:00:00Z',
    ];
    for (const at of waiting) {
      const e = await createExperience(t.orm, { approve: false });
      await sql('UPDATE experiences SET updated_at = ? WHERE id = ?', [at, e.id]);
    }
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
    const res = await c.agents.admin.get('/api/v1/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.inquiries).toEqual([
      { kind: 'contact', unresolved: 1, resolved: 2 },
      { kind: 'program', unresolved: 2, resolved: 1 },
    ]);
    expect(res.body.awaiting_approval).toEqual([
      { bucket: 'under_1_day', experiences: 1 },
      { bucket: '1_to_2_days', experiences: 2 },
      { bucket: '3_to_6_days', experiences: 0 },
      { bucket: '7_to_13_days', experiences: 1 },
      { bucket: '14_days_or_more', experiences: 2 },
    ]);
  });
});

describe('GET /brand/api/v1/dashboard', () => {
  let a: PortalBrand;
  beforeAll(async () => {
    a = await setupPortalBrand(t, 'D');
  });

  it('answers 401 signed out and to a marketplace ADMIN', async () => {
    for (const caller of ['signedOut', 'admin'] as const) {
      expect((await c.agents[caller].get('/brand/api/v1/dashboard')).status, caller).toBe(401);
    }
  });

  it("sums the seats taken on the brand's dates by month and counts applications by the month they came in (Japan time)", async () => {
    const slot = (experienceId: number, date: string, startTime: string, participants: number, recruitment = 8) =>
      createCalendar(t.orm, experienceId, {
        date,
        startTime,
        endTime: '23:30',
        participantNumber: participants,
        recruitmentNumber: recruitment,
      });
    await slot(a.experienceId, '2026-03-10', '10:00', 4); // later this month
    await slot(a.experienceId, '2026-03-04', '13:00', 2, 3); // today, not started at 12:00 JST
    await slot(a.experienceId, '2026-03-04', '11:00', 1); // today, started
    await slot(a.experienceId, '2026-03-01', '00:00', 3); // the first minute of the month
    await slot(a.experienceId, '2026-02-28', '23:00', 5);
    await slot(a.experienceId, '2026-01-31', '10:00', 2);
    await slot(a.experienceId, '2025-03-31', '10:00', 6); // before the 12 months shown
    await slot(a.experienceId, '2026-04-01', '10:00', 7); // after them
    // Another brand's community: not counted. An unpublished experience of the brand (awaiting re-approval after an
    // edit): its seats are counted, but its dates are not among the next ones.
    const other = await createCommunity(t.orm, { name: '他ブランドのコミュニティ' });
    const elsewhere = await createExperience(t.orm, { title: '他の体験' });
    await sql('UPDATE experiences SET community_id = ? WHERE id = ?', [other.community.id, elsewhere.id]);
    await slot(elsewhere.id, '2026-03-05', '10:00', 6);
    const hidden = await createExperience(t.orm, { title: '非公開の体験', approve: false });
    await sql('UPDATE experiences SET community_id = ? WHERE id = ?', [a.communityId, hidden.id]);
    await slot(hidden.id, '2026-03-05', '10:00', 1);
    // Applications: the setup's one long ago, then one each side of midnight JST on 2026-03-01.
    await sql('UPDATE community_applications SET created_at = ? WHERE id = ?', ['2024-05-01T00:00:00Z', a.applicationId]);
    for (const at of ['2026-02-28T15:00:00Z', '2026-02-28T14:59:59Z']) {
      const application = await createApplication(t, a.communityId, a.questionId);
      await sql('UPDATE community_applications SET created_at = ? WHERE id = ?', [at, application.id]);
    }
    // setupPortalBrand's own dates lie around the real today; move them out of the months shown.
    await sql(`UPDATE calendars SET date = '2024-01-01' WHERE id IN (?, ?)`, [a.futureCalendarId, a.pastCalendarId]);

    vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
    const agent = await brandMemberAgent(t, a.member.id);
    const res = await agent.get('/brand/api/v1/dashboard');
    expect(res.status).toBe(200);
    const months = [
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ];
    const monthly = (values: Record<string, number>) => months.map((m) => `${m} ${values[m] ?? 0}`);
    expect(res.body.participants.map((m: { month: string; participants: number }) => `${m.month} ${m.participants}`)).toEqual(
      monthly({ '2026-01': 2, '2026-02': 5, '2026-03': 11 }),
    );
    expect(res.body.applications.map((m: { month: string; applications: number }) => `${m.month} ${m.applications}`)).toEqual(
      monthly({ '2026-02': 1, '2026-03': 1 }),
    );
    expect(
      res.body.upcoming_events.map(
        (e: Record<string, string | number>) =>
          `${e.date} ${e.start_time} ${e.participant_number}/${e.recruitment_number} ${e.fill_percent}%`,
      ),
    ).toEqual(['2026-03-04 13:00 2/3 66%', '2026-03-10 10:00 4/8 50%', '2026-04-01 10:00 7/8 87%']);
    expect(res.body.upcoming_events[0]).toMatchObject({
      title: 'Dの体験',
      community_name: 'Dのコミュニティ',
      experience_id: a.experienceId,
    });
  });
});
