// The demo data: runs the real seeder on a fresh database and checks its promises.
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { DatabaseSeeder, lowRemaining } from '#seeds/DatabaseSeeder';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#seeds/demo-accounts';
import { addMonths, todayInJapan } from '#src/lib/isomorphic/dates';
import { verifyPassword } from '#src/lib/password';
import { signedInAgent } from '#tests/factories/users';

let t: TestApp;
const today = todayInJapan();

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return t.orm.em.fork().getConnection().execute<T[]>(sql, params);
}

beforeAll(async () => {
  t = await setupTestApp();
  // Any CHECK, foreign key or unique violation would make this throw (and roll the whole seed back).
  await t.orm.seeder.seed(DatabaseSeeder);
}, 60_000);

describe('demo seed', () => {
  it('gives every paid confirmed reservation its earning and closed months payout batches, the latest left to pay', async () => {
    // A free experience's reservation (tour and option ¥0) earns nothing and has no row; every other confirmed one has
    // its earning, a fully discounted one too.
    const [earnings] = await rows<{ missing: string; free_with_row: string; free: string }>(
      `SELECT count(*) FILTER (WHERE r.tour_amount + r.option_amount > 0 AND l.id IS NULL) AS missing,
              count(*) FILTER (WHERE r.tour_amount + r.option_amount = 0 AND l.id IS NOT NULL) AS free_with_row,
              count(*) FILTER (WHERE r.tour_amount + r.option_amount = 0) AS free
       FROM reservations r LEFT JOIN ledger_entries l ON l.reservation_id = r.id AND l.kind = 'earning'
       WHERE r.status = 'confirmed'`,
    );
    expect(earnings.missing).toBe('0');
    expect(earnings.free_with_row).toBe('0');
    expect(Number(earnings.free)).toBeGreaterThan(0);
    const batches = await rows<{ month: string; status: string; payable: string }>(
      `SELECT b.month, b.status, count(i.id) FILTER (WHERE i.status = 'payable') AS payable
       FROM payout_batches b LEFT JOIN payout_items i ON i.batch_id = b.id GROUP BY b.id ORDER BY b.month`,
    );
    expect(batches.length).toBeGreaterThanOrEqual(2);
    expect(batches.map((b) => b.status)).toEqual([...batches.slice(0, -1).map(() => 'paid'), 'prepared']);
    expect(batches.some((b) => Number(b.payable) > 0)).toBe(true);
    const [payouts] = await rows<{ n: string }>("SELECT count(*) AS n FROM ledger_entries WHERE kind = 'payout'");
    expect(Number(payouts.n)).toBeGreaterThan(0);
  });

  it('creates the demo accounts, all signing in with the demo password', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([
      'admin@example.com',
      'host@example.com',
      'guest@example.com',
      'ambassador@example.com',
      'brand@example.com',
    ]);
    const expected: Record<string, string> = { 'admin@example.com': 'ADMIN', 'host@example.com': 'HOST', 'guest@example.com': 'USER' };
    for (const [email, role] of Object.entries(expected)) {
      const res = await request(t.app).post('/api/v1/sessions').send({ email, password: DEMO_PASSWORD });
      expect(res.status, email).toBe(201);
      expect(res.body.access_control).toBe(role);
      // Demo accounts count as having verified their address: they can book at once.
      expect(res.body.email_verified, email).toBe(true);
    }
    const amb = await request(t.app).post('/api/v1/sessions').send({ email: 'ambassador@example.com', password: DEMO_PASSWORD });
    expect(amb.status).toBe(201);
    expect(amb.body.current_ambassador_id).toEqual(expect.any(Number));

    const [member] = await rows<{
      password_hash: string;
      invitation_accepted: boolean;
      invitation_accepted_at: string | null;
      brand_id: number;
    }>(`select password_hash, invitation_accepted, invitation_accepted_at, brand_id from brand_members where email = 'brand@example.com'`);
    expect(member.invitation_accepted).toBe(true);
    expect(member.invitation_accepted_at).not.toBeNull();
    expect(await verifyPassword(DEMO_PASSWORD, member.password_hash)).toBe(true);
    const [{ n }] = await rows<{ n: number }>(`select count(*)::int as n from brand_communities where brand_id = ?`, [member.brand_id]);
    expect(n).toBeGreaterThanOrEqual(1);
  });

  it('has at least 14 published experiences across 6 prefectures, online and in person, free and paid', async () => {
    const list = await rows<{ id: number; online: boolean; price: number; prefecture_id: number | null; options: number; themes: number }>(
      `select e.id, e.online, e.price, e.prefecture_id,
              (select count(*)::int from experience_options o where o.experience_id = e.id) as options,
              (select count(*)::int from experience_themes th where th.experience_id = e.id) as themes
         from experiences e where e.approve`,
    );
    expect(list.length).toBeGreaterThanOrEqual(14);
    expect(new Set(list.filter((e) => !e.online).map((e) => e.prefecture_id)).size).toBeGreaterThanOrEqual(6);
    expect(list.some((e) => e.online)).toBe(true);
    expect(list.filter((e) => e.online).every((e) => e.prefecture_id === null)).toBe(true);
    expect(list.some((e) => e.price === 0)).toBe(true);
    expect(list.filter((e) => e.price > 0).every((e) => e.price >= 1500 && e.price <= 15000)).toBe(true);
    expect(list.every((e) => e.options <= 3 && e.themes >= 1 && e.themes <= 3)).toBe(true);
    expect(list.some((e) => e.options === 0) && list.some((e) => e.options >= 2)).toBe(true);
    const deadlines = await rows<{ reservation_deadline: string; address_displayable: boolean }>(
      'select distinct reservation_deadline, address_displayable from experiences where approve',
    );
    expect(new Set(deadlines.map((d) => d.reservation_deadline))).toEqual(new Set(['on_the_day', 'the_day_before']));
    expect(new Set(deadlines.map((d) => d.address_displayable))).toEqual(new Set([true, false]));
  });

  it('hosts experiences by users and by ambassadors, and gives host@example.com every listing state', async () => {
    const [kinds] = await rows<{ by_user: number; by_ambassador: number }>(
      `select count(*) filter (where host_user_id is not null)::int as by_user, count(*) filter (where host_ambassador_id is not null)::int as by_ambassador from experiences where approve`,
    );
    expect(kinds.by_user).toBeGreaterThan(0);
    expect(kinds.by_ambassador).toBeGreaterThan(0);
    const [{ hosts }] = await rows<{ hosts: number }>('select count(distinct host_user_id)::int as hosts from experiences where approve');
    expect(hosts).toBeGreaterThanOrEqual(3);
    const [host] = await rows<{ published: number; pending: number; drafts: number }>(
      `select count(*) filter (where e.approve)::int as published, count(*) filter (where not e.approve)::int as pending,
              (select count(*)::int from experience_drafts d join users u on u.id = d.user_id where u.email = 'host@example.com') as drafts
         from experiences e join users u on u.id = e.host_user_id where u.email = 'host@example.com'`,
    );
    expect(host).toEqual({ published: expect.any(Number), pending: 1, drafts: 2 });
    expect(host.published).toBeGreaterThanOrEqual(1);
    const [{ pending }] = await rows<{ pending: number }>('select count(*)::int as pending from experiences where not approve');
    expect(pending).toBe(1);
  });

  it('dates every experience in the past (a change made today is newer than any demo experience)', async () => {
    const future = await rows<{ id: number }>(
      'SELECT id FROM experiences WHERE created_at > now() OR updated_at > now() OR approved_at > now()',
    );
    expect(future).toEqual([]);
  });

  it('gives every published experience an image that is served from the uploads store', async () => {
    const list = await rows<{ id: number; url: string | null; object_key: string | null }>(
      `select e.id, i.url, i.object_key from experiences e
         left join lateral (select url, object_key from images where experience_id = e.id order by sort_order limit 1) i on true
        where e.approve`,
    );
    for (const e of list) {
      expect(e.url, `experience ${e.id}`).toBe(`/uploads/${e.object_key}`);
      const res = await request(t.app).get(String(e.url));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    }
    const owners = await rows<{ kind: string }>(
      `select distinct case when brand_id is not null then 'brand' when community_id is not null then 'community'
              when ambassador_id is not null then 'ambassador' when experience_draft_id is not null then 'draft' else 'experience' end as kind from images`,
    );
    expect(new Set(owners.map((o) => o.kind))).toEqual(new Set(['brand', 'community', 'ambassador', 'draft', 'experience']));
  });

  it('sets the avatars of the host and the guest when their files are shipped', async () => {
    const users = await rows<{ email: string; avatar_url: string | null }>(
      `select email, avatar_url from users where email in ('host@example.com', 'guest@example.com') order by email`,
    );
    for (const u of users) {
      const file = new URL(`../../seeds/images/avatar-${u.email.split('@')[0]}.jpg`, import.meta.url);
      if (existsSync(file)) expect(u.avatar_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
      else expect(u.avatar_url).toBeNull();
    }
  });

  it('has future slots for every published experience within three months, with every state, and some past ones', async () => {
    const slots = await rows<{
      experience_id: number;
      date: string;
      recruitment_number: number;
      participant_number: number;
      accepting_reservation: boolean;
    }>(
      `select c.experience_id, to_char(c.date, 'YYYY-MM-DD') as date, c.recruitment_number, c.participant_number, c.accepting_reservation
         from calendars c join experiences e on e.id = c.experience_id where e.approve`,
    );
    const future = slots.filter((s) => s.date > today);
    const [{ published }] = await rows<{ published: number }>('select count(*)::int as published from experiences where approve');
    expect(new Set(future.map((s) => s.experience_id)).size).toBe(published);
    expect(future.every((s) => s.date <= addMonths(today, 3))).toBe(true);
    expect(slots.some((s) => s.date < today)).toBe(true);

    const state = (s: (typeof slots)[number]) => {
      const remaining = s.recruitment_number - s.participant_number;
      if (!s.accepting_reservation) return 'closed';
      if (remaining === 0) return 'full';
      return remaining < s.recruitment_number * 0.3 && remaining < Math.round(s.recruitment_number * 0.3) ? 'low' : 'open';
    };
    expect(new Set(future.map(state))).toEqual(new Set(['open', 'low', 'full', 'closed']));
    // One experience shows all four states among its first five upcoming slots (what the detail page shows).
    const byExperience = new Map<number, typeof future>();
    for (const s of [...future].sort((a, b) => a.date.localeCompare(b.date))) {
      byExperience.set(s.experience_id, [...(byExperience.get(s.experience_id) ?? []), s]);
    }
    expect([...byExperience.values()].some((list) => new Set(list.slice(0, 5).map(state)).size === 4)).toBe(true);
  });

  it('keeps participant numbers equal to the seats of confirmed reservations', async () => {
    const mismatched = await rows<{ id: number }>(
      `select c.id from calendars c
         left join (select rc.calendar_id, sum(r.number_of_people)::int as seats from reservation_calendars rc
                      join reservations r on r.id = rc.reservation_id and r.status = 'confirmed' group by rc.calendar_id) s on s.calendar_id = c.id
        where c.participant_number <> coalesce(s.seats, 0)`,
    );
    expect(mismatched).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(
      `select count(*)::int as n from reservations r join users u on u.id = r.user_id where u.email = 'guest@example.com' and r.status = 'confirmed'`,
    );
    expect(n).toBeGreaterThanOrEqual(3);
  });

  it('stores reservation amounts by the price rules (integer yen, fees rounded down)', async () => {
    const list = await rows<{
      number_of_people: number;
      dates: number;
      price: number;
      option_price: number | null;
      discount_type: 'amount' | 'percent' | null;
      discount_value: number | null;
      tour_amount: number;
      option_amount: number;
      discount_amount: number;
      service_fee: number;
      processing_fee: number;
      total_amount: number;
      payment_reference: string | null;
    }>(
      `select r.number_of_people, (select count(*)::int from reservation_calendars rc where rc.reservation_id = r.id) as dates, e.price,
              o.price as option_price, c.discount_type, c.discount_value,
              r.tour_amount, r.option_amount, r.discount_amount, r.service_fee, r.processing_fee, r.total_amount, r.payment_reference
         from reservations r join experiences e on e.id = r.experience_id
         left join experience_options o on o.id = r.option_id left join coupons c on c.id = r.coupon_id`,
    );
    expect(list.length).toBeGreaterThan(20);
    for (const r of list) {
      // The rules written out here, independently of src/modules/reservations/pricing.ts: fees 5% and 3.6% of
      // (tour + option − discount), each rounded down; a percent coupon rounded down; no discount above the gross.
      const tour = r.price * r.number_of_people * r.dates;
      const option = (r.option_price ?? 0) * r.number_of_people * r.dates;
      const off =
        r.discount_type === 'amount'
          ? (r.discount_value ?? 0)
          : r.discount_type === 'percent'
            ? Math.floor(((tour + option) * (r.discount_value ?? 0)) / 100)
            : 0;
      const discount = Math.min(off, tour + option);
      const base = tour + option - discount;
      const q = { tour, option, discount, service_fee: Math.floor((base * 5) / 100), processing_fee: Math.floor((base * 36) / 1000) };
      const total = base + q.service_fee + q.processing_fee;
      expect([r.tour_amount, r.option_amount, r.discount_amount, r.service_fee, r.processing_fee, r.total_amount]).toEqual([
        q.tour,
        q.option,
        q.discount,
        q.service_fee,
        q.processing_fee,
        total,
      ]);
      expect(r.payment_reference === null).toBe(total === 0);
      // One seat only when the fee is 0 or several dates are booked (guest-and-host.md §5).
      if (r.price === 0 || r.dates > 1) expect(r.number_of_people).toBe(1);
    }
    expect(list.some((r) => r.dates > 1)).toBe(true);
    expect(list.some((r) => r.discount_amount > 0)).toBe(true);
    expect(list.some((r) => r.option_amount > 0)).toBe(true);
  });

  it('has reviews with host replies on past stays, one experience with more than two', async () => {
    const reviews = await rows<{
      experience_id: number;
      rate: string;
      host_reply_content: string | null;
      posted_at: string;
      slot_date: string;
    }>(
      `select v.experience_id, v.rate::text, v.host_reply_content, v.posted_at, to_char(max(c.date), 'YYYY-MM-DD') as slot_date
         from reviews v join reservation_calendars rc on rc.reservation_id = v.reservation_id join calendars c on c.id = rc.calendar_id
        group by v.id`,
    );
    expect(reviews.length).toBeGreaterThanOrEqual(10);
    expect(reviews.every((r) => r.slot_date < today && new Date(r.posted_at).getTime() <= Date.now())).toBe(true);
    expect(reviews.some((r) => r.host_reply_content) && reviews.some((r) => !r.host_reply_content)).toBe(true);
    expect([3.5, 4.5, 5].every((rate) => reviews.some((r) => Number(r.rate) === rate))).toBe(true);
    const perExperience = new Map<number, number>();
    for (const r of reviews) perExperience.set(r.experience_id, (perExperience.get(r.experience_id) ?? 0) + 1);
    expect(Math.max(...perExperience.values())).toBeGreaterThan(2);
  });

  it('has brands, communities with application items, ambassadors with members, coupons and holding requests', async () => {
    const brands = await rows<{
      homepage_url: string;
      instagram_username: string;
      x_username: string;
      images: number;
      communities: number;
    }>(
      `select homepage_url, instagram_username, x_username, (select count(*)::int from images i where i.brand_id = b.id) as images,
              (select count(*)::int from brand_communities bc where bc.brand_id = b.id) as communities from brands b where published`,
    );
    expect(brands).toHaveLength(2);
    expect(brands.every((b) => b.homepage_url && b.instagram_username && b.x_username && b.images > 0 && b.communities > 0)).toBe(true);

    const communities = await rows<{
      id: number;
      published: boolean;
      note: string | null;
      ambassadors: number;
      required: number;
      optional: number;
      disabled: number;
    }>(
      `select c.id, c.published, c.note,
              (select count(*)::int from ambassador_communities ac where ac.community_id = c.id) as ambassadors,
              (select count(*) filter (where q.required and not q.disabled)::int from community_application_questions q where q.community_id = c.id) as required,
              (select count(*) filter (where not q.required and not q.disabled)::int from community_application_questions q where q.community_id = c.id) as optional,
              (select count(*) filter (where q.disabled)::int from community_application_questions q where q.community_id = c.id) as disabled
         from communities c`,
    );
    expect(communities.length).toBeGreaterThanOrEqual(3);
    expect(communities.every((c) => c.published && c.ambassadors > 0 && c.required > 0)).toBe(true);
    expect(communities.some((c) => c.optional > 0) && communities.some((c) => c.disabled > 0)).toBe(true);

    const ambassadors = await rows<{ published: boolean; members: number; images: number }>(
      `select published, (select count(*)::int from ambassador_members m where m.ambassador_id = a.id) as members,
              (select count(*)::int from images i where i.ambassador_id = a.id) as images from ambassadors a`,
    );
    expect(ambassadors.filter((a) => a.published)).toHaveLength(3);
    expect(ambassadors.filter((a) => !a.published)).toHaveLength(1);
    expect(ambassadors.every((a) => a.members > 0 && a.images > 0)).toBe(true);

    const coupons = await rows<{
      code: string;
      discount_type: string;
      discount_value: number;
      valid_now: boolean;
      valid_until: string | null;
      first_booking_only: boolean;
    }>(
      `select code, discount_type, discount_value, first_booking_only, (active and (valid_from is null or valid_from <= now()) and (valid_until is null or valid_until > now())) as valid_now, valid_until from coupons`,
    );
    const valid = coupons.filter((c) => c.valid_now);
    expect(valid.map((c) => c.code).sort()).toEqual(['TABI10', 'WELCOME500']);
    expect(valid.find((c) => c.code === 'TABI10')).toMatchObject({ discount_type: 'percent', discount_value: 10 });
    expect(todayInJapan(new Date(String(valid.find((c) => c.code === 'TABI10')?.valid_until)))).toBe(addMonths(today, 3));
    expect(coupons.some((c) => !c.valid_now)).toBe(true);
    // 「はじめての予約」 is for a guest's first booking only.
    expect(coupons.filter((c) => c.first_booking_only).map((c) => c.code)).toEqual(['WELCOME500']);

    const [{ holds }] = await rows<{ holds: number }>('select count(*)::int as holds from holding_requests');
    expect(holds).toBeGreaterThanOrEqual(3);
    const [{ applications }] = await rows<{ applications: number }>('select count(*)::int as applications from community_applications');
    expect(applications).toBeGreaterThanOrEqual(2);
  });
});

describe('demo data for the administrator area', () => {
  it('has unpublished brands and ambassadors, a pending invitation, inquiries over two pages and a pending experience', async () => {
    const [counts] = await rows<{
      brands: number;
      ambassadors: number;
      invitations: number;
      inquiries: number;
      handled: number;
      pending: number;
    }>(
      `select (select count(*)::int from brands where not published) as brands,
              (select count(*)::int from ambassadors where not published) as ambassadors,
              (select count(*)::int from brand_members where not invitation_accepted) as invitations,
              (select count(*)::int from brand_and_ambassador_inquiries) as inquiries,
              (select count(*)::int from brand_and_ambassador_inquiries where resolved) as handled,
              (select count(*)::int from experiences where not approve) as pending`,
    );
    expect(counts.brands).toBeGreaterThanOrEqual(1);
    expect(counts.ambassadors).toBeGreaterThanOrEqual(1);
    expect(counts.invitations).toBeGreaterThanOrEqual(1);
    expect(counts.inquiries).toBeGreaterThan(20);
    expect(counts.handled).toBeGreaterThan(0);
    expect(counts.handled).toBeLessThan(counts.inquiries);
    expect(counts.pending).toBeGreaterThanOrEqual(1);
  });
});

describe('demo reservations and the test gateway', () => {
  it('refunds a demo reservation cancelled inside its refund window, as a guest booking would be', async () => {
    const agent = await signedInAgent(t.app, 'guest@example.com', DEMO_PASSWORD);
    const mine = await rows<{ id: number; total_amount: number }>(
      `select r.id, r.total_amount from reservations r join users u on u.id = r.user_id
        where u.email = 'guest@example.com' and r.status = 'confirmed' and r.total_amount > 0 order by r.id`,
    );
    let cancelled: { id: number; total: number } | null = null;
    for (const r of mine) {
      const preview = await agent.get(`/api/v1/reservations/${r.id}/cancellation`);
      if (preview.body.cancellable && preview.body.full_refund) {
        const res = await agent.post(`/api/v1/reservations/${r.id}/cancellation`).send({});
        expect(res.status).toBe(200);
        expect(res.body.cancellation).toMatchObject({ refund_amount: r.total_amount, refund_status: 'succeeded' });
        cancelled = { id: r.id, total: r.total_amount };
        break;
      }
    }
    expect(cancelled).not.toBeNull();
    const refunds = await rows<{ status: string; amount: number }>(`select status, amount from refunds where reservation_id = ?`, [
      cancelled?.id,
    ]);
    expect(refunds).toEqual([{ status: 'succeeded', amount: cancelled?.total }]);
  });

  it('records every paid demo reservation as a succeeded test-gateway payment of its total', async () => {
    const unpaid = await rows<{ id: number }>(
      `select r.id from reservations r left join test_payment_intents i on i.id = r.payment_reference
        where r.payment_reference is not null and (i.id is null or i.status <> 'succeeded' or i.amount <> r.total_amount)`,
    );
    expect(unpaid).toEqual([]);
  });
});

describe('lowRemaining', () => {
  it('gives the largest remaining count below 30% (also when 30% is rounded), or null', () => {
    expect([4, 5, 6, 8, 10, 12, 30].map(lowRemaining)).toEqual([null, 1, 1, 1, 2, 3, 8]);
  });
});
