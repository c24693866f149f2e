// The monthly close through the admin API: preparing a month from the ledger (minimum, carry-over, blocked payees,
// idempotent, one batch when two connections prepare at once) and mailing the payees it leaves unpaid, the bank file,
// marking paid (payout rows, mails naming the account paid, once), the order of months, adjustments and who may do
// any of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createAmbassador } from '#tests/factories/communities';
import { NON_ADMIN, expectedDenial, setupCallers, type Callers } from '#tests/api/admin-helpers';
import { operator } from '#src/lib/context';
import { bankAccountKey, encryptAccountNumber } from '#src/modules/earnings/bank-account-crypto';
import { MailOutbox } from '#src/modules/mail/mail.entity';

let t: TestApp;
let callers: Callers;
let admin: Callers['agents']['admin'];
const payee = { a: 0, b: 0, c: 0, d: 0 };
let schoolId: number;
let experienceId: number;
let calendarId: number;
let guestId: number;

const sql = <T extends object[]>(query: string, params: unknown[] = []) => t.orm.em.fork().execute<T>(query, params);

async function newPayee(column: 'user_id' | 'ambassador_id', id: number, bank: { holder: string; number: string } | null) {
  const [row] = await sql<{ id: number }[]>(
    `INSERT INTO payees (${column}, bank_code, branch_code, account_type, account_number_encrypted, account_number_last3, holder_name)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      id,
      bank ? '0005' : null,
      bank ? '123' : null,
      bank ? 'ordinary' : null,
      bank ? encryptAccountNumber(bankAccountKey(t.env), bank.number) : null,
      bank ? bank.number.slice(-3) : null,
      bank ? bank.holder : null,
    ],
  );
  return row.id;
}

/** An earning of `amount` that becomes 確定 at `availableAt` (a reservation row of its own). */
async function earn(payeeId: number, amount: number, availableAt: string) {
  const r = await createReservation(t.orm, { userId: guestId, experienceId, calendarIds: [calendarId] });
  await sql(
    `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, commission_rate_bp, available_at)
     VALUES (?, 'earning', ?, ?, ?, 0, 0, 0, ?)`,
    [payeeId, r.id, amount, amount, availableAt],
  );
}

const byPayee = (items: { payee_id: number }[]) => Object.fromEntries(items.map((i) => [i.payee_id, i]));

beforeAll(async () => {
  t = await setupTestApp();
  callers = await setupCallers(t);
  admin = callers.agents.admin;
  const hostA = await createUser(t.orm, { name: '山田 花子', role: 'HOST' });
  const hostC = await createUser(t.orm, { name: '佐藤 次郎', role: 'HOST' });
  const hostD = await createUser(t.orm, { name: '高橋 三郎', role: 'HOST' });
  const school = await createAmbassador(t.orm, { name: '鈴木工房', email: 'kobo@example.com' });
  schoolId = school.id;
  guestId = (await createUser(t.orm, { name: 'ゲスト' })).id;
  experienceId = (await createExperience(t.orm, { hostUserId: hostA.id })).id;
  calendarId = (await createCalendar(t.orm, experienceId, { daysFromToday: 3 })).id;
  payee.a = await newPayee('user_id', hostA.id, { holder: 'ﾔﾏﾀﾞ ﾊﾅｺ', number: '0012345' });
  payee.b = await newPayee('ambassador_id', school.id, { holder: 'ｽｽﾞｷｺｳﾎﾞｳ', number: '7654321' });
  payee.c = await newPayee('user_id', hostC.id, null);
  payee.d = await newPayee('user_id', hostD.id, null);
  // September (closes 2026-10-01 00:00 JST = 2026-09-30T15:00Z).
  await earn(payee.a, 10000, '2026-09-15T03:00:00Z');
  await earn(payee.a, 2000, '2026-09-30T14:59:59Z');
  await earn(payee.b, 2500, '2026-09-20T03:00:00Z');
  await earn(payee.c, 8000, '2026-09-10T03:00:00Z');
  // October.
  await earn(payee.a, 5000, '2026-09-30T15:00:00Z');
  await earn(payee.b, 1000, '2026-10-31T14:00:00Z');
  await earn(payee.d, 1000, '2026-10-15T03:00:00Z');
});

/** The mails of a batch with the dedupe key's prefix (`payout`, `payout-unpaid`), by payee. */
async function batchMails(prefix: string, month: string) {
  const [batch] = await sql<{ id: number }[]>('SELECT id FROM payout_batches WHERE month = ?', [month]);
  const rows = await t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `${prefix}:${batch.id}:%` } });
  return Object.fromEntries(rows.map((row) => [Number(row.dedupeKey.split(':')[2]), row]));
}

describe('who may', () => {
  it.each(NON_ADMIN)('%s is refused every payout call', async (caller) => {
    const agent = callers.agents[caller];
    expect((await agent.get('/api/v1/admin/payouts')).status).toBe(expectedDenial(caller));
    expect((await agent.post('/api/v1/admin/payouts').send({ month: '2026-09' })).status).toBe(expectedDenial(caller));
  });
});

describe('preparing a month', () => {
  it('refuses a malformed month and a month not yet closed', async () => {
    expect((await admin.post('/api/v1/admin/payouts').send({ month: '2026-9' })).status).toBe(422);
    expect((await admin.post('/api/v1/admin/payouts').send({ month: '9999-12' })).status).toBe(422);
    const open = await admin.post('/api/v1/admin/payouts').send({ month: '2099-01' });
    expect(open.status).toBe(409);
    expect(open.body.message).toBe('2099-01 はまだ締め日を過ぎていません');
  });

  it('two connections preparing the same month at once make one batch', async () => {
    const [x, y] = await Promise.all([
      t.services.payouts.prepare(t.services.context(operator('one')), { month: '2026-09' }),
      t.services.payouts.prepare(t.services.context(operator('two')), { month: '2026-09' }),
    ]);
    expect(x.batch.id).toBe(y.batch.id);
    expect([x.created, y.created].sort()).toEqual([false, true]);
    expect(await sql<{ n: string }[]>("SELECT count(*) AS n FROM payout_batches WHERE month = '2026-09'")).toEqual([{ n: '1' }]);
    expect(await sql<{ n: string }[]>('SELECT count(*) AS n FROM payout_items')).toEqual([{ n: '3' }]);
  });

  it('pays balances that reach ¥3,000, carries smaller ones over and blocks payees without a bank account', async () => {
    const res = await admin.post('/api/v1/admin/payouts').send({ month: '2026-09' });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(false);
    expect(res.body.batch).toMatchObject({
      month: '2026-09',
      cutoff_at: '2026-09-30T15:00:00.000Z',
      pay_date: '2026-10-30', // 2026-10-31 is a Saturday
      status: 'prepared',
      payable_count: 1,
      transfer_total: 12000,
      carried_over_count: 1,
      blocked_count: 1,
    });
    const items = byPayee(res.body.items);
    expect(items[payee.a]).toMatchObject({
      balance: 12000,
      carried_in: 0,
      fee: 0,
      transfer_amount: 12000,
      status: 'payable',
      account: '三菱ＵＦＪ 横浜中山 普通 ****345',
    });
    expect(items[payee.b]).toMatchObject({
      payee_name: '鈴木工房',
      balance: 2500,
      transfer_amount: 0,
      status: 'carried_over',
      account: null,
    });
    expect(items[payee.c]).toMatchObject({ payee_name: '佐藤 次郎', balance: 8000, transfer_amount: 0, status: 'blocked', account: null });
  });

  it('tells each payee it leaves unpaid why and what to do, once however often the month is prepared', async () => {
    const mails = await batchMails('payout-unpaid', '2026-09');
    expect(Object.keys(mails).map(Number).sort()).toEqual([payee.b, payee.c].sort());
    const blocked = mails[payee.c];
    expect([blocked.footer, blocked.subject]).toEqual(['user', '【たびとこ】2026年9月分の売上は繰り越しになります']);
    expect(blocked.textBody).toBe(
      [
        '佐藤 次郎 様',
        '',
        '2026年9月分のお支払い（2026年10月30日(金)）では、振込先口座が登録されていないため、お振り込みできません。',
        '確定残高 ¥8,000 は繰り越し、口座のご登録後、最初のお支払いでお振り込みします。',
        '',
        '振込先口座は、次のページで登録できます。',
        'http://localhost:3000/host/earnings',
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
    const carried = mails[payee.b];
    expect([carried.toAddress, carried.footer, carried.subject]).toEqual([
      'kobo@example.com',
      null,
      '【たびとこ】2026年9月分の売上は繰り越しになります',
    ]);
    expect(carried.textBody).toBe(
      [
        '鈴木工房 様',
        '',
        '2026年9月分の確定残高 ¥2,500 は、お支払いの最低額 ¥3,000 に満たないため、今回（2026年10月30日(金)）はお振り込みしません。',
        '残高は繰り越し、締め日の時点で ¥3,000 以上になった月にお支払いします。',
        '',
        `売上と支払明細はこちらからご覧いただけます: http://localhost:3000/host/earnings?ambassador_id=${schoolId}`,
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
  });

  it('will not prepare the next month while this one is unpaid', async () => {
    const res = await admin.post('/api/v1/admin/payouts').send({ month: '2026-10' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('2026-09 の支払バッチがまだ支払済みになっていません。先に支払済みにしてください');
  });
});

describe('the bank file and marking paid', () => {
  /** The file of a batch as the admin downloads it (the body whole, as bytes). */
  const download = (url: string) =>
    admin
      .get(url)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
  /** The 2026-09 file as exported before the batch was paid. */
  let exported: Buffer = Buffer.alloc(0);

  it('exports the payable lines as a 全銀 総合振込 file', async () => {
    const [batch] = await sql<{ id: number }[]>("SELECT id FROM payout_batches WHERE month = '2026-09'");
    const res = await download(`/api/v1/admin/payouts/${batch.id}/file`);
    expect(res.status).toBe(200);
    exported = res.body as Buffer;
    expect(res.headers['content-disposition']).toBe('attachment; filename=zengin-2026-09.txt');
    const records = (res.body as Buffer).toString('latin1').split('\r\n').slice(0, -1);
    expect(records.map((r) => r.length)).toEqual([120, 120, 120, 120]);
    const text = new TextDecoder('shift_jis').decode(res.body as Buffer).split('\r\n');
    expect(text[0].slice(54, 58)).toBe('1030');
    expect(text[1].slice(42, 50)).toBe('10012345');
    expect(text[1].slice(50, 80)).toBe('ﾔﾏﾀﾞ ﾊﾅｺ'.padEnd(30, ' '));
    expect(text[1].slice(80, 90)).toBe('0000012000');
    expect(text[1].slice(91, 101)).toBe(String(payee.a).padStart(10, '0')); // 顧客コード1 N(10): the payee id
    expect(text[2].slice(0, 19)).toBe('8000001000000012000');
    const [row] = await sql<{ exported_at: Date | null }[]>('SELECT exported_at FROM payout_batches WHERE id = ?', [batch.id]);
    expect(row.exported_at).not.toBeNull();
  });

  it('writes one payout row per paid payee and mails them the account paid, once however often it is marked', async () => {
    const [batch] = await sql<{ id: number }[]>("SELECT id FROM payout_batches WHERE month = '2026-09'");
    // The host changes the account after the batch was prepared: the batch still pays, and names, the one it recorded.
    await sql(
      `UPDATE payees SET bank_code = '0001', branch_code = '001', account_number_encrypted = ?, account_number_last3 = '999'
       WHERE id = ?`,
      [encryptAccountNumber(bankAccountKey(t.env), '7654999'), payee.a],
    );
    const first = await admin.post(`/api/v1/admin/payouts/${batch.id}/paid`).send({});
    expect(first.status).toBe(200);
    expect(first.body.batch.status).toBe('paid');
    expect((await admin.post(`/api/v1/admin/payouts/${batch.id}/paid`).send({})).status).toBe(200);
    expect(
      await sql<{ payee_id: number; amount: number; available_at: string }[]>(
        `SELECT payee_id, amount, to_char(available_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS available_at
         FROM ledger_entries WHERE kind = 'payout'`,
      ),
    ).toEqual([{ payee_id: payee.a, amount: -12000, available_at: '2026-09-30T15:00:00' }]);
    const mails = await batchMails('payout', '2026-09');
    expect(Object.keys(mails).map(Number)).toEqual([payee.a]);
    expect(mails[payee.a].subject).toBe('【たびとこ】2026年9月分のお支払いのご案内');
    // Marking a batch paid records that the transfer was ordered for its pay day, which may still be ahead.
    expect(mails[payee.a].textBody).toBe(
      [
        '山田 花子 様',
        '',
        '2026年9月分のお支払いを、2026年10月30日(金)付で次の口座へお振り込みする手続きをしました。',
        '',
        '振込先: 三菱ＵＦＪ 横浜中山 普通 ****345',
        '確定残高: ¥12,000',
        '振込手数料: ¥0',
        'お振込額: ¥12,000',
        '',
        '売上と支払明細はこちらからご覧いただけます: http://localhost:3000/host/earnings',
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
    // The payees left unpaid were told when the month was prepared, not again.
    expect(Object.keys(await batchMails('payout-unpaid', '2026-09'))).toHaveLength(2);
  });

  it('refuses the file of a paid batch (it would pay everyone again), and gives it as a marked copy with reexport=true', async () => {
    const [batch] = await sql<{ id: number; exported_at: string }[]>(
      "SELECT id, exported_at::text FROM payout_batches WHERE month = '2026-09'",
    );
    const refused = await admin.get(`/api/v1/admin/payouts/${batch.id}/file`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      '2026-09 の支払バッチは支払済みです。この振込ファイルを銀行に渡すと二重に振り込まれるため、書き出しません。記録用の控えが必要なときは、控えとして書き出す指定をしてください（CLI: --reexport、API: reexport=true）',
    );
    expect((await admin.get(`/api/v1/admin/payouts/${batch.id}/file?reexport=false`)).status).toBe(409);
    expect((await admin.get(`/api/v1/admin/payouts/${batch.id}/file?reexport=yes`)).status).toBe(422);
    const copy = await download(`/api/v1/admin/payouts/${batch.id}/file?reexport=true`);
    expect(copy.status).toBe(200);
    expect(copy.headers['content-disposition']).toBe('attachment; filename=zengin-2026-09-paid-copy.txt');
    expect((copy.body as Buffer).equals(exported)).toBe(true);
    // The copy is audited as one, and leaves the time the bank's file was made as it was.
    const [after] = await sql<{ exported_at: string }[]>('SELECT exported_at::text FROM payout_batches WHERE id = ?', [batch.id]);
    expect(batch.exported_at).toMatch(/^2\d{3}-/);
    expect(after.exported_at).toBe(batch.exported_at);
    expect(
      await sql<{ after: unknown }[]>(
        "SELECT after FROM audit_log WHERE entity_type = 'payout_batch' AND entity_id = ? AND action = 'export' ORDER BY id",
        [batch.id],
      ),
    ).toEqual([{ after: { month: '2026-09' } }, { after: { month: '2026-09', copy: true } }]);
  });

  it('carries the balances over into the next month', async () => {
    const res = await admin.post('/api/v1/admin/payouts').send({ month: '2026-10' });
    expect(res.status).toBe(201);
    const items = byPayee(res.body.items);
    expect(items[payee.a]).toMatchObject({ balance: 5000, carried_in: 0, transfer_amount: 5000, status: 'payable' });
    expect(items[payee.b]).toMatchObject({ balance: 3500, carried_in: 2500, transfer_amount: 3500, status: 'payable' });
    expect(items[payee.c]).toMatchObject({ balance: 8000, carried_in: 8000, status: 'blocked' });
    expect(items[payee.d]).toMatchObject({ balance: 1000, carried_in: 0, status: 'carried_over' });
    expect(res.body.batch.pay_date).toBe('2026-11-30');
  });

  it('tells a payee carried over without a bank account to register one, and a blocked one again for the new batch', async () => {
    const mails = await batchMails('payout-unpaid', '2026-10');
    expect(Object.keys(mails).map(Number).sort()).toEqual([payee.c, payee.d].sort());
    expect(mails[payee.d].textBody).toBe(
      [
        '高橋 三郎 様',
        '',
        '2026年10月分の確定残高 ¥1,000 は、お支払いの最低額 ¥3,000 に満たないため、今回（2026年11月30日(月)）はお振り込みしません。',
        '残高は繰り越し、締め日の時点で ¥3,000 以上になった月にお支払いします。',
        '',
        '振込先口座がまだ登録されていません。お支払いまでに、次のページで登録してください。',
        'http://localhost:3000/host/earnings',
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
    expect(mails[payee.c].subject).toBe('【たびとこ】2026年10月分の売上は繰り越しになります');
  });

  it('refuses to prepare an earlier month once a later one exists', async () => {
    const res = await admin.post('/api/v1/admin/payouts').send({ month: '2026-08' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('2026-08 より後の月の支払バッチがすでにあります');
  });

  it('lists the batches, newest month first', async () => {
    const res = await admin.get('/api/v1/admin/payouts');
    expect(res.status).toBe(200);
    expect(res.body.batches.map((b: { month: string; status: string }) => [b.month, b.status])).toEqual([
      ['2026-10', 'prepared'],
      ['2026-09', 'paid'],
    ]);
    expect((await admin.get('/api/v1/admin/payouts/999999')).status).toBe(404);
  });

  it('mails each payee the account its line pays, and an ambassador its own earnings page', async () => {
    const [batch] = await sql<{ id: number }[]>("SELECT id FROM payout_batches WHERE month = '2026-10'");
    expect((await admin.post(`/api/v1/admin/payouts/${batch.id}/paid`).send({})).status).toBe(200);
    const mails = await batchMails('payout', '2026-10');
    expect(Object.keys(mails).map(Number).sort()).toEqual([payee.a, payee.b].sort());
    // Prepared after the change above: the host's new account.
    expect(mails[payee.a].textBody.split('\n')[4]).toBe('振込先: みずほ 東京営業部 普通 ****999');
    expect([mails[payee.b].toAddress, mails[payee.b].footer]).toEqual(['kobo@example.com', null]);
    expect(mails[payee.b].textBody.split('\n').slice(0, 11)).toEqual([
      '鈴木工房 様',
      '',
      '2026年10月分のお支払いを、2026年11月30日(月)付で次の口座へお振り込みする手続きをしました。',
      '',
      '振込先: 三菱ＵＦＪ 横浜中山 普通 ****321',
      '確定残高: ¥3,500',
      '振込手数料: ¥0',
      'お振込額: ¥3,500',
      '',
      `売上と支払明細はこちらからご覧いただけます: http://localhost:3000/host/earnings?ambassador_id=${schoolId}`,
      '',
    ]);
  });
});

describe('adjustments', () => {
  it('adds a signed row with its reason; refuses zero and a missing reason', async () => {
    const ok = await admin.post(`/api/v1/admin/payees/${payee.c}/adjustments`).send({ amount: -300, reason: '振込手数料の精算' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ payee_id: payee.c, kind: 'adjustment', amount: -300, reason: '振込手数料の精算' });
    const zero = await admin.post(`/api/v1/admin/payees/${payee.c}/adjustments`).send({ amount: 0, reason: 'x' });
    expect(zero.status).toBe(422);
    const noReason = await admin.post(`/api/v1/admin/payees/${payee.c}/adjustments`).send({ amount: 100, reason: ' ' });
    expect(noReason.status).toBe(422);
    expect((await admin.post('/api/v1/admin/payees/999999/adjustments').send({ amount: 100, reason: 'x' })).status).toBe(404);
  });
});
