// The admin and brand portal lists' benchmark (`npm run bench -- lists`): its own embedded PostgreSQL with 100,000
// program inquiries, 100,000 general inquiries, 10,000 communities (spread over 200 brands), 10,000 coupons, 2,000
// experiences awaiting approval, 100,000 community applications (one brand's portal sees 10,000 of them) and 100,000
// reservations of 10,000 guests (insertManyReservations); the app
// (API only) in a child process started with the production V8 flags (tests/bench/lists-server.ts), an administrator
// and a brand member signed in. Every list is read by 10 concurrent clients in a process of their own, without and with
// filters; prints p50/p95 per row and fails (exit code 1) when a p95 is over the goal. Beside the latencies, which move
// with the machine's load, each row says what a request cost: the CPU of the server's process and of PostgreSQL's
// per request, and the statements per request (the pg driver's queries, counted in the server's process: the
// session's, the user's and the list's).
// BENCH_LISTS_DIR=<dir> keeps the seeded cluster in <dir> and reuses it on the next run (delete it after a migration);
// BENCH_LISTS_ONLY=<regex> measures only the rows whose list and filters match.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedDatabase } from '#src/lib/embedded-db';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { initOrm, migrate, type MikroORM } from '#src/lib/orm';
import { hashPassword } from '#src/lib/password';
import { cpuSeconds, cpuSpent } from '#tests/bench/harness';
import type { ListsRun, ListsSpec } from '#tests/bench/lists-client';
import type { ListsServerMessage } from '#tests/bench/lists-server';
import { NODE_FLAGS, SERVER_ENV } from '#tests/setup/built';
import { stopChild } from '#tests/setup/server-process';
import { insertManyInquiries } from '#tests/factories/inquiries';
import { insertManyReservations } from '#tests/factories/reservations';
import { quantile } from '#tests/bench/stats';

const P95_GOAL_MS = 50;
const CONCURRENCY = 10;
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 300);
const WARM_UP = 100;
const PASSWORD = 'bench-password-123';

async function seed(orm: MikroORM): Promise<{ adminEmail: string; memberEmail: string; brandId: number; communityId: number }> {
  const em = orm.em.fork();
  const hash = await hashPassword(PASSWORD);
  await insertManyInquiries(orm, 100_000);
  await em.execute(
    `INSERT INTO contact_inquiries (name, email, content, resolved, created_at, updated_at)
     SELECT '予約 太郎' || i, 'contact' || i || '@example.com', '予約の確認についてのお問い合わせです。' || i, i % 4 = 0,
            now() - make_interval(mins => i), now()
     FROM generate_series(1, 100000) i`,
  );
  await em.execute(`INSERT INTO users (name, email, password_hash, role) VALUES ('管理者', 'bench-admin@example.com', ?, 'ADMIN')`, [hash]);
  await em.execute(
    `INSERT INTO users (name, email, password_hash, role)
     SELECT 'ホスト' || i, 'bench-host-' || i || '@example.com', 'x', 'HOST' FROM generate_series(1, 200) i`,
  );
  await em.execute(
    `INSERT INTO brands (name, description, published, created_at)
     SELECT 'ブランド' || i, '', i % 5 <> 0, now() - make_interval(hours => i) FROM generate_series(1, 200) i`,
  );
  await em.execute(
    `INSERT INTO ambassadors (name, description, published, created_at)
     SELECT 'アンバサダー' || i, '', i % 5 <> 0, now() - make_interval(hours => i) FROM generate_series(1, 200) i`,
  );
  await em.execute(
    `INSERT INTO communities (name, host_name, published, host_description, description, activity_description, important_thing,
       ideal_candidate_profile, participation_condition, location, catchphrase, created_at)
     SELECT 'コミュニティ' || i || (ARRAY[' 木工', ' 陶芸', ' 料理', ' 茶道'])[1 + i % 4], '主催者' || (i % 300), i % 3 <> 0,
            '', '', '', '', '', '', '', '', now() - make_interval(mins => i)
     FROM generate_series(1, 10000) i`,
  );
  // Most communities belong to one brand; every tenth belongs to none. The first brand has 1,000 of them.
  await em.execute(
    `INSERT INTO brand_communities (brand_id, community_id)
     SELECT (SELECT min(id) FROM brands) + (c.id % 200), c.id FROM communities c WHERE c.id % 10 <> 0`,
  );
  await em.execute(
    `INSERT INTO coupons (code, name, discount_type, discount_value, active, created_at)
     SELECT 'BENCH' || i, 'キャンペーン' || i, 'amount', 500, i % 7 <> 0, now() - make_interval(mins => i) FROM generate_series(1, 10000) i`,
  );
  await em.execute(
    `INSERT INTO experiences (host_user_id, hosted_by, created_by_id, title, category_id, price, price_side_note, description,
       inspiration, note, recruitment_number, cancellation_period, approve, approved_at, updated_at, community_id)
     SELECT u.id, u.name, u.id, '体験 ' || g.i || (ARRAY[' そば打ち', ' 陶芸', ' 着物'])[1 + g.i % 3], 1, 5000, '', '', '', '', 10, 7,
            g.i % 2 = 0, CASE WHEN g.i % 2 = 0 THEN now() END, now() - make_interval(hours => g.i % 400), (SELECT min(id) FROM communities) + (g.i % 10000)
     FROM generate_series(1, 4000) g(i) JOIN users u ON u.email = 'bench-host-' || (1 + g.i % 200) || '@example.com'`,
  );
  await em.execute(
    `INSERT INTO community_applications (community_id, user_id, occupation_id, full_name, gender, postal_code, birthday, resolved, created_at)
     SELECT (SELECT min(id) FROM communities) + (i % 10000), (SELECT min(id) FROM users WHERE role = 'HOST') + (i / 10000), 1,
            '申込 ' || i, 'female', '1000001', DATE '1990-01-01', i % 3 = 0, now() - make_interval(mins => i)
     FROM generate_series(1, 100000) i`,
  );
  await insertManyReservations(orm, 100_000);
  const [brand] = await em.execute<{ id: number }[]>(
    `SELECT bc.brand_id AS id FROM brand_communities bc GROUP BY bc.brand_id ORDER BY count(*) DESC, bc.brand_id LIMIT 1`,
  );
  const [community] = await em.execute<{ id: number }[]>(
    `SELECT bc.community_id AS id FROM brand_communities bc JOIN experiences e ON e.community_id = bc.community_id
      WHERE bc.brand_id = ? GROUP BY bc.community_id ORDER BY count(*) DESC, bc.community_id LIMIT 1`,
    [brand.id],
  );
  await em.execute(
    `INSERT INTO brand_members (brand_id, email, password_hash, invitation_accepted, invitation_accepted_at) VALUES (?, 'bench-member@example.com', ?, true, now())`,
    [brand.id, hash],
  );
  // As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
  await em.execute('VACUUM ANALYZE');
  return { adminEmail: 'bench-admin@example.com', memberEmail: 'bench-member@example.com', brandId: brand.id, communityId: community.id };
}

async function signIn(base: string, path: string, email: string): Promise<string> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const cookie = /sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (res.status !== 201 || !cookie) throw new Error(`sign-in at ${path} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

interface Row {
  list: string;
  filters: string;
  p50: number;
  p95: number;
  count: string;
  cpu: Cost;
}

interface Cost {
  /** CPU milliseconds per request of the server's process and of PostgreSQL's processes, and statements per request. */
  server: number;
  pg: number;
  statements: number;
}

/** The statements the server's process has sent so far. */
function statementsOf(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const answer = (message: ListsServerMessage) => {
      if (!('statements' in message)) return;
      server.off('message', answer);
      resolve(message.statements);
    };
    server.on('message', answer);
    server.send('statements');
  });
}

/**
 * REQUESTS requests by CONCURRENCY clients in parallel, after WARM_UP the same way (untimed: a server that has
 * just started runs its first hundreds of requests before V8 has compiled their path, which production's long-running
 * process does not); the latencies' p50 and p95. The clients run in a process of their own (tests/bench/lists-client.ts),
 * kept for both runs, as the other benches' clients do (tests/bench/harness.ts inOwnProcess says why).
 */
async function measure(
  url: string,
  cookie: string,
  processes: { server: ChildProcess; postmaster: number },
): Promise<{ p50: number; p95: number; count: string; cpu: Cost }> {
  const serverPid = processes.server.pid ?? 0;
  const spec: ListsSpec = { url, cookie, concurrency: CONCURRENCY };
  const clients = fork(path.join(import.meta.dirname, 'lists-client.ts'), [JSON.stringify(spec)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const run = (requests: number) =>
    new Promise<ListsRun>((resolve, reject) => {
      const failed = (code: number | null) => reject(new Error(`the lists' clients exited (${code}) reading ${url}`));
      clients.once('exit', failed);
      clients.once('message', (answer: ListsRun) => {
        clients.off('exit', failed);
        resolve(answer);
      });
      clients.send({ requests });
    });
  try {
    await run(WARM_UP);
    const statementsBefore = await statementsOf(processes.server);
    const serverBefore = cpuSeconds(serverPid);
    const pgBefore = cpuSeconds(processes.postmaster);
    const { times, meta } = await run(REQUESTS);
    const cpu = {
      server: (cpuSpent(serverBefore, cpuSeconds(serverPid)) * 1000) / REQUESTS,
      pg: (cpuSpent(pgBefore, cpuSeconds(processes.postmaster)) * 1000) / REQUESTS,
      statements: ((await statementsOf(processes.server)) - statementsBefore) / REQUESTS,
    };
    const count = meta ? `${meta.total_count.toLocaleString('en-US')}${meta.total_count_capped ? '+' : ''}` : '';
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), count, cpu };
  } finally {
    const exited = new Promise((resolve) => clients.once('exit', resolve));
    if (clients.exitCode === null) clients.send('close');
    await exited;
  }
}

export async function benchAdminLists(): Promise<boolean> {
  const kept = process.env.BENCH_LISTS_DIR;
  const dir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'taiken-bench-lists-'));
  const seededBefore = kept !== undefined && existsSync(path.join(dir, 'seeded.json'));
  const db = await startEmbeddedDatabase({ dir: path.join(dir, 'pg'), database: 'bench_lists', fast: true });
  let server: ChildProcess | undefined;
  try {
    const orm = await initOrm(db.url, { pool: 2 });
    let ids: Awaited<ReturnType<typeof seed>>;
    const seeded = performance.now();
    try {
      await migrate(orm);
      if (seededBefore) ids = JSON.parse(readFileSync(path.join(dir, 'seeded.json'), 'utf8'));
      else {
        ids = await seed(orm);
        if (kept) writeFileSync(path.join(dir, 'seeded.json'), JSON.stringify(ids));
      }
    } finally {
      await orm.close(true);
    }
    console.log(seededBefore ? `reused the seeded cluster in ${dir}` : `seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const child = fork(path.join(import.meta.dirname, 'lists-server.ts'), {
      execArgv: [...NODE_FLAGS, '--import', 'tsx'],
      env: { ...process.env, ...SERVER_ENV, DATABASE_URL: db.url },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    server = child;
    const port = await new Promise<number>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the lists server exited (${code}) before it listened`)));
      child.once('message', (message: ListsServerMessage) => 'port' in message && resolve(message.port));
    });
    const base = `http://127.0.0.1:${port}`;
    const admin = await signIn(base, '/api/v1/sessions', ids.adminEmail);
    const member = await signIn(base, '/brand/api/v1/brand-members/sign-in', ids.memberEmail);
    const q = (text: string) => encodeURIComponent(text);
    // A Japan-time day `days` from today (the slots and bookings are seeded around today).
    const slotDay = (days: number) => addDays(todayInJapan(), days);
    const targets: [string, string, string, string][] = [
      ['program inquiries', '', '/api/v1/brand_and_ambassador_inquiries', admin],
      ['program inquiries', 'q=山田花子1234 (no match)', `/api/v1/brand_and_ambassador_inquiries?q=${q('山田花子1234')}`, admin],
      ['program inquiries', 'q=bulk777@', `/api/v1/brand_and_ambassador_inquiries?q=bulk777@`, admin],
      [
        'program inquiries',
        'resolved=false&subject=media, page 50',
        '/api/v1/brand_and_ambassador_inquiries?resolved=false&subject=media&page=50',
        admin,
      ],
      ['general inquiries', '', '/api/v1/contact_inquiries', admin],
      ['general inquiries', 'q=contact4242@, resolved=true', `/api/v1/contact_inquiries?q=contact4242@&resolved=true`, admin],
      ['communities', '', '/api/v1/admin/communities', admin],
      ['communities', `brand_id, published=true`, `/api/v1/admin/communities?brand_id=${ids.brandId}&published=true`, admin],
      ['communities', 'brand_id=none', '/api/v1/admin/communities?brand_id=none', admin],
      ['communities', 'q=陶芸', `/api/v1/admin/communities?q=${q('陶芸')}`, admin],
      ['communities', 'q=主催 (every one)', `/api/v1/admin/communities?q=${q('主催')}`, admin],
      ['communities', 'q=コミュニティ777', `/api/v1/admin/communities?q=${q('コミュニティ777')}`, admin],
      ['brands', '', '/api/v1/brands', admin],
      ['brands', 'published=false, q=ブランド1', `/api/v1/brands?published=false&q=${q('ブランド1')}`, admin],
      ['ambassadors', 'published=true, q=アンバサダー2', `/api/v1/ambassadors?published=true&q=${q('アンバサダー2')}`, admin],
      ['approval queue', '', '/api/v1/admin/experiences', admin],
      ['approval queue', 'waiting=7, q=陶芸', `/api/v1/admin/experiences?waiting=7&q=${q('陶芸')}`, admin],
      ['coupons', '', '/api/v1/admin/coupons', admin],
      ['coupons', 'active=false, q=bench7', '/api/v1/admin/coupons?active=false&q=bench7', admin],
      ['admin applications', '', '/api/v1/admin/community-applications', admin],
      ['admin applications', 'handled=false', '/api/v1/admin/community-applications?handled=false', admin],
      ['admin applications', 'handled=true, page 40', '/api/v1/admin/community-applications?handled=true&page=40', admin],
      ['reservations', '', '/api/v1/admin/reservations', admin],
      ['reservations', 'status=cancelled, page 100', '/api/v1/admin/reservations?status=cancelled&page=100', admin],
      ['reservations', 'number', '/api/v1/admin/reservations?number=%EF%BC%95%EF%BC%90%EF%BC%90%EF%BC%90%EF%BC%90', admin],
      ['reservations', 'q=ゲスト777 (guest)', `/api/v1/admin/reservations?q=${q('ゲスト777')}`, admin],
      ['reservations', 'q=陶芸 (experience)', `/api/v1/admin/reservations?q=${q('陶芸')}`, admin],
      ['reservations', 'slot days', `/api/v1/admin/reservations?slot_since=${slotDay(10)}&slot_until=${slotDay(12)}`, admin],
      ['reservations', 'booked days', `/api/v1/admin/reservations?booked_since=${slotDay(-40)}&booked_until=${slotDay(-35)}`, admin],
      ['users', '', '/api/v1/admin/users', admin],
      ['users', 'role=HOST', '/api/v1/admin/users?role=HOST', admin],
      ['users', 'q=ゲスト42', `/api/v1/admin/users?q=${q('ゲスト42')}`, admin],
      ['portal applications', '', '/brand/api/v1/community-applications', member],
      [
        'portal applications',
        'community, handled=false, since',
        `/brand/api/v1/community-applications?community_id=${ids.communityId}&handled=false&since=2020-01-01`,
        member,
      ],
      ['portal applications', 'q=申込 1', `/brand/api/v1/community-applications?q=${q('申込 1')}`, member],
      ['portal experiences', '', `/brand/api/v1/communities/${ids.communityId}/experiences`, member],
      ['portal experiences', 'q=陶芸', `/brand/api/v1/communities/${ids.communityId}/experiences?q=${q('陶芸')}`, member],
    ];
    const only = process.env.BENCH_LISTS_ONLY ? new RegExp(process.env.BENCH_LISTS_ONLY) : null;
    const rows: Row[] = [];
    for (const [list, filters, url, cookie] of targets) {
      if (only && !only.test(`${list} ${filters}`)) continue;
      rows.push({ list, filters: filters || '—', ...(await measure(`${base}${url}`, cookie, { server: child, postmaster })) });
    }
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
    console.log(
      `\nadmin and portal lists: ${CONCURRENCY} concurrent clients, ${REQUESTS} requests each, ${os.cpus().length} cores, load average ${load}\n`,
    );
    console.log('| list | filters | matches | p50 ms | p95 ms | goal | server CPU ms/req | PostgreSQL CPU ms/req | statements/req |');
    console.log('|---|---|---:|---:|---:|---|---:|---:|---:|');
    let ok = true;
    for (const r of rows) {
      const met = r.p95 <= P95_GOAL_MS;
      ok &&= met;
      console.log(
        `| ${r.list} | ${r.filters} | ${r.count} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | p95 ≤ ${P95_GOAL_MS} ms ${met ? 'ok' : 'MISSED'} | ${r.cpu.server.toFixed(2)} | ${r.cpu.pg.toFixed(2)} | ${r.cpu.statements.toFixed(1)} |`,
      );
    }
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('close');
    await exited;
    server = undefined;
    return ok;
  } finally {
    if (server) await stopChild(server);
    await db.stop();
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}
