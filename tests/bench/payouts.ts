// The payout benchmark: the payouts service's prepare and export (what the CLI and the admin screen call)
// on an embedded PostgreSQL with 1,000 payees (each with a bank account) and first 10,000, then 100,000 reservations
// with their earnings. Prints each step's seconds and how much the process's memory grew; fails (exit code 1) when
// preparing takes more than 10 s or a step's memory growth at 100,000 reservations exceeds the one at 10,000 by 20%
// and 8 MB (memory must stay flat: the balances are summed in PostgreSQL and the file is written record by record).
import { createWriteStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { parseEnv, publicBaseUrl } from '#src/lib/env';
import { setMailBaseUrl } from '#src/modules/mail/mail.outbox';
import { createLogger } from '#src/lib/logger';
import { Ctx, operator } from '#src/lib/context';
import { createAuditService } from '#src/modules/audit/audit.service';
import { createPayoutsService } from '#src/modules/earnings/payouts.service';
import { createBankFileAdapter } from '#src/modules/earnings/payout-adapters';
import { bankAccountKey, encryptAccountNumber } from '#src/modules/earnings/bank-account-crypto';
import { benchDatabase } from '#tests/bench/harness';

const PAYEES = 1000;
const PREPARE_LIMIT_S = 10;
const GROWTH_LIMIT = 0.2;

interface Step {
  seconds: number;
  /** Growth of the process's resident memory over the step (peak minus the start), sampled every 5 ms. */
  peakMb: number;
}

async function measure(fn: () => Promise<void>): Promise<Step> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds: (performance.now() - started) / 1000, peakMb: (peak - start) / 1024 / 1024 };
}

/** 1,000 hosts with an experience, a past slot and a bank account each. */
async function seedPayees(orm: MikroORM): Promise<void> {
  const em = orm.em.fork();
  const encrypted = encryptAccountNumber(bankAccountKey(parseEnv({ NODE_ENV: 'development' })), '1234567');
  await em.execute(
    `INSERT INTO users (name, email, password_hash, role) SELECT 'ホスト' || i, 'bench-host-' || i || '@example.com', 'x', 'HOST'
     FROM generate_series(1, ?) i`,
    [PAYEES],
  );
  await em.execute(
    `INSERT INTO experiences (host_user_id, hosted_by, created_by_id, title, category_id, price, price_side_note, description,
       inspiration, note, recruitment_number, cancellation_period, approve, approved_at, online, online_url)
     SELECT u.id, u.name, u.id, '体験' || u.id, 1, 5000, '', '', '', '', 30, 7, true, now(), true, 'https://meet.example.com/x'
     FROM users u WHERE u.email LIKE 'bench-host-%'`,
  );
  await em.execute(
    `INSERT INTO calendars (experience_id, date, start_time, end_time, recruitment_number, participant_number, accepting_reservation)
     SELECT id, DATE '2026-01-10', '10:00', '12:00', 30, 0, true FROM experiences`,
  );
  await em.execute(
    `INSERT INTO payees (user_id, bank_code, branch_code, account_type, account_number_encrypted, account_number_last3, holder_name)
     SELECT id, '0001', '001', 'ordinary', ?, '567', 'ﾃｽﾄ ﾀﾛｳ' FROM users WHERE email LIKE 'bench-host-%'`,
    [encrypted],
  );
}

/** `count` confirmed reservations spread over the payees, each with its earning 確定 at `availableAt`. */
async function addReservations(orm: MikroORM, from: number, count: number, availableAt: string): Promise<void> {
  const em = orm.em.fork();
  await em.execute(
    `WITH hosts AS (SELECT row_number() OVER (ORDER BY e.id) AS n, e.id AS experience_id, c.id AS calendar_id, p.id AS payee_id
                    FROM experiences e JOIN calendars c ON c.experience_id = e.id JOIN payees p ON p.user_id = e.host_user_id),
          made AS (
            INSERT INTO reservations (user_id, experience_id, number_of_people, tour_amount, service_fee, processing_fee, total_amount,
              idempotency_key, status, confirmed_at)
            SELECT (SELECT min(id) FROM users), h.experience_id, 1, 5000, 250, 180, 5430, 'bench-' || i, 'confirmed', now()
            FROM generate_series(?::int, ?::int) i JOIN hosts h ON h.n = 1 + i % ?
            RETURNING id, experience_id)
     INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, commission_rate_bp, available_at)
     SELECT h.payee_id, 'earning', m.id, 4250, 5000, 750, 68, 1500, ?::timestamptz FROM made m JOIN hosts h ON h.experience_id = m.experience_id`,
    [from, from + count - 1, PAYEES, availableAt],
  );
}

export async function benchPayouts(): Promise<boolean> {
  const db = await benchDatabase('bench-payouts', { fast: true });
  try {
    const orm = await initOrm(db.url, { pool: 2 });
    const results: { reservations: number; prepare: Step; exported: Step; fileKb: number }[] = [];
    try {
      await seedPayees(orm);
      const env = parseEnv({ NODE_ENV: 'development' });
      // Marking a batch paid queues the payees' mails; no mail service is built here to name their base URL.
      setMailBaseUrl(orm, publicBaseUrl(env));
      const payouts = createPayoutsService({
        env,
        audit: createAuditService(),
        adapter: createBankFileAdapter(env, { bank: () => '', branch: () => '' }),
        bankLabel: (bank, branch) => `${bank} ${branch}`,
      });
      const ctx = (): Ctx => new Ctx(orm.em.fork(), orm.em, operator('bench'), createLogger('silent'));
      let made = 0;
      for (const [month, total, at] of [
        ['2026-01', 10_000, '2026-01-10T03:00:00Z'],
        ['2026-02', 100_000, '2026-02-10T03:00:00Z'],
      ] as const) {
        await addReservations(orm, made + 1, total - made, at);
        made = total;
        let batchId = 0;
        const prepare = await measure(async () => {
          batchId = (await payouts.prepare(ctx(), { month })).batch.id;
        });
        const out = path.join(db.dataDir, `zengin-${month}.txt`);
        const exported = await measure(async () => {
          const file = await payouts.exportFile(ctx(), { id: batchId });
          await pipeline(Readable.from(file.chunks), createWriteStream(out));
        });
        await payouts.markPaid(ctx(), { id: batchId });
        results.push({ reservations: total, prepare, exported, fileKb: statSync(out).size / 1024 });
      }
    } finally {
      await orm.close(true);
    }
    console.log(`\npayouts (${PAYEES.toLocaleString('en')} payees)`);
    for (const r of results) {
      console.log(
        `  ${r.reservations.toLocaleString('en').padStart(7)} reservations  prepare ${r.prepare.seconds.toFixed(2)} s, +${r.prepare.peakMb.toFixed(1)} MB` +
          `  export ${r.exported.seconds.toFixed(2)} s, +${r.exported.peakMb.toFixed(1)} MB, ${r.fileKb.toFixed(0)} kB`,
      );
    }
    const [small, large] = results;
    const flat = (a: number, b: number) => b <= a * (1 + GROWTH_LIMIT) || b - a < 8;
    const ok =
      large.prepare.seconds <= PREPARE_LIMIT_S &&
      flat(small.prepare.peakMb, large.prepare.peakMb) &&
      flat(small.exported.peakMb, large.exported.peakMb);
    console.log(`  goal: prepare ≤ ${PREPARE_LIMIT_S} s, memory flat from 10,000 to 100,000 reservations  ${ok ? 'OK' : 'FAILED'}`);
    return ok;
  } finally {
    await db.stop();
  }
}
