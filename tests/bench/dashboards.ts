// The dashboards' benchmark (`npm run bench -- dashboards`): each chart's statement (src/modules/dashboards/
// dashboard-queries.ts and the approval queue's pendingByWait) on an embedded PostgreSQL of its own holding 100,000
// reservations over two years (with their slots, cancellations and refunds), 20,000 users, 10,000 inquiries, 4,000
// community applications and a brand whose five communities hold a quarter of the experiences. Prints a Markdown
// table (median and slowest of RUNS runs after one warm-up, and the plan's top node) and fails (exit code 1) when
// a chart's median exceeds GOAL_MS.
import os from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { pendingByWait } from '#src/modules/experiences/approval-queue.repository';
import { dashboardQueries as q } from '#src/modules/dashboards/dashboard-queries';
import { benchDatabase } from '#tests/bench/harness';
import { median } from '#tests/bench/stats';

const RESERVATIONS = 100_000;
const USERS = 20_000;
const EXPERIENCES = 400;
const GOAL_MS = 100;
const RUNS = 15;

async function seed(orm: MikroORM): Promise<number> {
  const em = orm.em.fork();
  const run = (sql: string, values: unknown[] = []) => em.execute(sql, values);
  await run('SELECT setseed(0.42)');
  await run(
    `INSERT INTO users (name, email, password_hash, role, created_at)
     SELECT 'ユーザー' || i, 'bench-user-' || i || '@example.com', 'x', CASE WHEN i <= ? THEN 'HOST' ELSE 'USER' END,
            now() - random() * interval '730 days'
       FROM generate_series(1, ?) i`,
    [EXPERIENCES, USERS],
  );
  const [{ brand_id: brandId }] = await run(
    `INSERT INTO brands (name, description, published) VALUES ('ベンチブランド', '', true) RETURNING id AS brand_id`,
  );
  await run(
    `INSERT INTO communities (name, host_name, published, host_description, description, activity_description, important_thing,
       ideal_candidate_profile, participation_condition, location, catchphrase)
     SELECT 'コミュニティ' || i, '主催', true, '', '', '', '', '', '', '東京都', '' FROM generate_series(1, 20) i`,
  );
  await run(`INSERT INTO brand_communities (brand_id, community_id) SELECT ?, id FROM communities ORDER BY id LIMIT 5`, [brandId]);
  // 400 experiences of the first 400 users, each in one of the 20 communities; 40 more waiting for approval.
  await run(
    `INSERT INTO experiences (host_user_id, hosted_by, created_by_id, title, category_id, price, price_side_note, description,
       inspiration, note, recruitment_number, cancellation_period, approve, approved_at, online, online_url, community_id, updated_at)
     SELECT u.id, u.name, u.id, '体験' || u.id, 1, 5000, '', '', '', '', 30, 7, u.id <= ?, now(), true, 'https://meet.example.com/x',
            (SELECT id FROM communities ORDER BY id OFFSET (u.id % 20) LIMIT 1), now() - random() * interval '30 days'
       FROM users u WHERE u.id <= ?`,
    [EXPERIENCES - 40, EXPERIENCES],
  );
  // 100 dates per experience from a year ago to two months ahead.
  await run(
    `INSERT INTO calendars (experience_id, date, start_time, end_time, recruitment_number, participant_number, accepting_reservation)
     SELECT e.id, (now() AT TIME ZONE 'Asia/Tokyo')::date - 365 + (d * 425 / 100), '10:00', '12:00', 30, (random() * 30)::int, true
       FROM experiences e, generate_series(0, 99) d`,
  );
  // Reservations: 90% confirmed, 6% cancelled after confirmation (half refunded), the rest expired holds; each of
  // one slot, picked from its number (i * 7919 mod the slots), booked up to 60 days before the slot's date.
  await run(
    `WITH slots AS (SELECT row_number() OVER (ORDER BY c.id) AS n, c.id, c.experience_id, c.date FROM calendars c)
     INSERT INTO reservations (user_id, experience_id, number_of_people, tour_amount, service_fee, processing_fee, total_amount,
       idempotency_key, status, confirmed_at, cancelled_at, cancelled_by, refund_amount, created_at)
     SELECT ? + (i % (? - ?)), s.experience_id, 1 + i % 4, 5000, 250, 180, 5430, 'bench-' || i,
            v.status, CASE WHEN v.status <> 'expired' THEN v.at END,
            CASE WHEN v.status = 'cancelled' THEN v.at + interval '2 days' END,
            CASE WHEN v.status = 'cancelled' THEN 'guest' END,
            CASE WHEN v.status = 'cancelled' THEN CASE WHEN i % 2 = 0 THEN 5430 ELSE 0 END END, v.at
       FROM generate_series(1, ?) i
       JOIN slots s ON s.n = 1 + (i * 7919) % (SELECT count(*) FROM slots)
       CROSS JOIN LATERAL (SELECT CASE WHEN i % 100 < 90 THEN 'confirmed' WHEN i % 100 < 96 THEN 'cancelled' ELSE 'expired' END AS status,
                                  least(now(), s.date::timestamp AT TIME ZONE 'Asia/Tokyo') - random() * interval '60 days' AS at) v`,
    [EXPERIENCES + 1, USERS, EXPERIENCES, RESERVATIONS],
  );
  await run(
    `WITH slots AS (SELECT row_number() OVER (ORDER BY c.id) AS n, c.id FROM calendars c)
     INSERT INTO reservation_calendars (reservation_id, calendar_id)
     SELECT r.id, s.id FROM reservations r
       JOIN slots s ON s.n = 1 + (substr(r.idempotency_key, 7)::bigint * 7919) % (SELECT count(*) FROM slots)`,
  );
  await run(
    `INSERT INTO refunds (reservation_id, amount, idempotency_key, status, succeeded_at, created_at)
     SELECT id, refund_amount, 'bench-refund-' || id, 'succeeded', cancelled_at, cancelled_at
       FROM reservations WHERE status = 'cancelled' AND refund_amount > 0`,
  );
  await run(
    `INSERT INTO contact_inquiries (name, email, content, resolved, created_at)
     SELECT '問い合わせ', 'q' || i || '@example.com', '質問です', i % 3 <> 0, now() - random() * interval '730 days'
       FROM generate_series(1, 5000) i`,
  );
  await run(
    `INSERT INTO brand_and_ambassador_inquiries (name, company_name, email, subject, content, resolved, created_at)
     SELECT '問い合わせ', '株式会社', 'p' || i || '@example.com', 'franchise', '加盟について', i % 4 <> 0, now() - random() * interval '730 days'
       FROM generate_series(1, 5000) i`,
  );
  await run(
    `INSERT INTO community_applications (community_id, user_id, occupation_id, full_name, gender, postal_code, birthday, created_at)
     SELECT c.id, u.id, 1, '応募者', 'female', '1000001', DATE '1990-01-01', now() - random() * interval '400 days'
       FROM (SELECT id FROM communities ORDER BY id LIMIT 20) c
       JOIN LATERAL (SELECT id FROM users WHERE id > ? ORDER BY id LIMIT 200 OFFSET (c.id % 20) * 200) u ON true`,
    [EXPERIENCES],
  );
  // As autovacuum leaves a table: statistics, and the visibility map that lets an index-only scan skip the table.
  await run('VACUUM ANALYZE');
  return Number(brandId);
}

interface Timing {
  chart: string;
  median: number;
  slowest: number;
  plan: string;
}

async function time(chart: string, fn: () => Promise<unknown>, explain: () => Promise<string>): Promise<Timing> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return { chart, median: median(ms), slowest: Math.max(...ms), plan: await explain() };
}

/** The scans of a statement's plan (a table read whole, or the indexes used), from EXPLAIN. */
async function scans(orm: MikroORM, fn: (em: EntityManager) => Promise<unknown>): Promise<string> {
  const em = orm.em.fork();
  const seen: string[] = [];
  // The chart functions only call `execute`: this one explains the statement instead of running it.
  const explaining = {
    execute: async (sql: string, values: unknown[] = []) => {
      const rows = await em.execute<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${sql}`, values);
      for (const { 'QUERY PLAN': line } of rows) {
        const m = /(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan)(?: using (\S+))? on (\S+)/.exec(line);
        if (m) seen.push(m[1] === 'Seq Scan' ? `seq ${m[3]}` : (m[2] ?? m[3]));
      }
      return [{}];
    },
  } as unknown as EntityManager;
  await fn(explaining);
  return [...new Set(seen)].join(', ');
}

export async function benchDashboards(): Promise<boolean> {
  const db = await benchDatabase('bench-dashboards', { fast: true });
  try {
    const orm = await initOrm(db.url, { pool: 2 });
    try {
      const seeded = performance.now();
      const brandId = await seed(orm);
      const seedS = (performance.now() - seeded) / 1000;
      const now = new Date();
      const em = () => orm.em.fork();
      const charts: [string, (e: EntityManager) => Promise<unknown>][] = [
        ['admin: bookings and gross per week', (e) => q.bookings(e, now)],
        ['admin: cancellations and refunds per week', (e) => q.cancellations(e, now)],
        ['admin: new users per week', (e) => q.newUsers(e, now)],
        ['admin: inquiries by status', (e) => q.inquiries(e)],
        ['admin: experiences awaiting approval', (e) => pendingByWait(e, now)],
        ['brand: participants per month', (e) => q.participants(e, now, brandId)],
        ['brand: applications per month', (e) => q.applications(e, now, brandId)],
        ['brand: next dates and fill rate', (e) => q.upcoming(e, now, brandId)],
      ];
      const results: Timing[] = [];
      for (const [chart, fn] of charts) {
        results.push(
          await time(
            chart,
            () => fn(em()),
            () => scans(orm, fn),
          ),
        );
      }
      const [counts] = await em().execute<{ reservations: string; refunds: string; calendars: string }[]>(
        `SELECT (SELECT count(*) FROM reservations) AS reservations, (SELECT count(*) FROM refunds) AS refunds,
                (SELECT count(*) FROM calendars) AS calendars`,
      );
      const load = os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ');
      console.log(
        `\ndashboards: ${counts.reservations} reservations, ${counts.refunds} refunds, ${counts.calendars} slots, ${USERS} users (seeded in ${seedS.toFixed(1)} s); ${RUNS} runs after a warm-up, ${os.cpus().length} cores, load average ${load}\n`,
      );
      console.log('| chart | median ms | slowest ms | goal | reads |');
      console.log('|---|---:|---:|---|---|');
      let ok = true;
      for (const r of results) {
        const met = r.median <= GOAL_MS;
        if (!met) ok = false;
        console.log(
          `| ${r.chart} | ${r.median.toFixed(1)} | ${r.slowest.toFixed(1)} | ≤ ${GOAL_MS} ms ${met ? 'ok' : 'MISSED'} | ${r.plan} |`,
        );
      }
      return ok;
    } finally {
      await orm.close(true);
    }
  } finally {
    await db.stop();
  }
}
