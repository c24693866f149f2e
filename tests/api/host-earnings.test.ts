// The payee's side: the bank account (validated against the zengin-code list, the holder name normalised, the
// number encrypted and shown masked, audited and mailed, only for the payee's own people) and /host/earnings with
// its statement CSV.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { addAmbassadorMember, createAmbassador } from '#tests/factories/communities';
import { operator } from '#src/lib/context';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { pdfText } from '#tests/factories/pdf';
import { recordEarning, recordReversal } from '#src/modules/earnings/ledger';
import { shiftMonth } from '#src/modules/earnings/earnings-rules';
import { todayInJapan } from '#src/lib/isomorphic/dates';

let t: TestApp;
let host: Agent;
let other: Agent;
let hostId: number;
let ambassadorId: number;

const sql = <T extends object[]>(query: string, params: unknown[] = []) => t.orm.em.fork().execute<T>(query, params);

beforeAll(async () => {
  t = await setupTestApp();
  const h = await createUser(t.orm, { name: '山田 花子', role: 'HOST' });
  hostId = h.id;
  host = await signedInAgent(t.app, h.email);
  other = await signedInAgent(t.app, (await createUser(t.orm, { role: 'HOST' })).email);
  ambassadorId = (await createAmbassador(t.orm, { name: '鈴木工房' })).id;
});

const account = {
  bank_code: '0001',
  branch_code: '001',
  account_type: 'ordinary',
  account_number: '1234567',
  holder_name: 'やまだ　はなこ',
};

describe('the bank account', () => {
  it('is unregistered at first', async () => {
    const res = await host.get('/api/v1/host/bank-account');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ payee_name: '山田 花子', registered: false, bank_code: null, account_number_masked: null });
  });

  it('refuses unknown banks and branches, bad numbers and names a transfer cannot carry, each with its message', async () => {
    const put = (body: object) => host.put('/api/v1/host/bank-account').send({ ...account, ...body });
    expect((await put({ bank_code: '9998' })).body.messages.bank_code).toEqual(['この銀行コードの銀行が見つかりません']);
    expect((await put({ branch_code: '999' })).body.messages.branch_code).toEqual(['この銀行にこの支店コードの支店が見つかりません']);
    expect((await put({ account_number: '12345678' })).body.messages.account_number).toEqual(['口座番号は7桁以内の数字で入力してください']);
    const kanji = await put({ holder_name: '山田花子' });
    expect(kanji.status).toBe(422);
    expect(kanji.body.messages.holder_name).toEqual(['口座名義はカタカナ・英大文字・数字と ( ) . - / で入力してください']);
    expect((await put({ account_type: 'savings' })).status).toBe(422);
    // Several at once: one answer names every field, the holder name's characters included.
    const several = await put({ bank_code: '12', branch_code: 'x', account_number: '12345678', holder_name: '山田太郎' });
    expect(several.status).toBe(422);
    expect(several.body.messages).toEqual({
      bank_code: ['銀行コードは4桁の数字で入力してください'],
      branch_code: ['支店コードは3桁の数字で入力してください'],
      account_number: ['口座番号は7桁以内の数字で入力してください'],
      holder_name: ['口座名義はカタカナ・英大文字・数字と ( ) . - / で入力してください'],
    });
    // Too long once written as a transfer carries it (31 half-width characters).
    const long = await put({ holder_name: 'ア'.repeat(31) });
    expect(long.body.messages.holder_name).toEqual(['口座名義は30文字以内で入力してください']);
  });

  it('saves it encrypted, shows the bank by name and the number masked, audits and mails the change', async () => {
    const res = await host.put('/api/v1/host/bank-account').send(account);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payee_name: '山田 花子',
      registered: true,
      bank_code: '0001',
      bank_name: 'みずほ',
      branch_code: '001',
      branch_name: '東京営業部',
      account_type: 'ordinary',
      account_number_masked: '****567',
      holder_name: 'ﾔﾏﾀﾞ ﾊﾅｺ',
    });
    const [row] = await sql<{ id: number; account_number_encrypted: string }[]>(
      'SELECT id, account_number_encrypted FROM payees WHERE user_id = ?',
      [hostId],
    );
    expect(row.account_number_encrypted).toMatch(/^v1:/);
    expect(row.account_number_encrypted).not.toContain('1234567');
    const audit = await sql<{ action: string; after: Record<string, unknown> }[]>(
      "SELECT action, after FROM audit_log WHERE entity_type = 'payee' AND entity_id = ?",
      [row.id],
    );
    expect(audit).toEqual([
      {
        action: 'update_bank_account',
        after: { bank_code: '0001', branch_code: '001', account_type: 'ordinary', account_number_last3: '567', holder_name: 'ﾔﾏﾀﾞ ﾊﾅｺ' },
      },
    ]);
    const mails = await t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `bank-account:${row.id}:%` } });
    expect(mails).toHaveLength(1);
    // A change to where the money goes is a security notice: always sent, with the account page to review it.
    expect([mails[0].footer, mails[0].subject]).toEqual(['user_security', '【たびとこ】振込先口座が変更されました']);
    expect(mails[0].textBody).toBe(
      [
        '山田 花子 様',
        '',
        '売上のお振込先口座が変更されました。',
        '振込先: みずほ 東京営業部 普通 ****567',
        '',
        '登録内容は、売上・お支払いのページで確認できます。',
        'http://localhost:3000/host/earnings',
        '',
        'お心当たりがない場合は、すぐにお問い合わせフォームから運営事務局へご連絡ください。',
        'http://localhost:3000/inquiry',
        '',
        'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。',
        'アカウントの状態（ログイン中の端末など）の確認: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
    expect((await host.get('/api/v1/host/bank-account')).body.account_number_masked).toBe('****567');
  });

  it('takes the codes and the number in full-width digits, and stores them in half-width', async () => {
    const user = await createUser(t.orm, { role: 'HOST' });
    const agent = await signedInAgent(t.app, user.email);
    const res = await agent
      .put('/api/v1/host/bank-account')
      .send({ ...account, bank_code: '０００１', branch_code: '００１', account_number: '７６５４３２１' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bank_code: '0001', bank_name: 'みずほ', branch_code: '001', account_number_masked: '****321' });
    const [row] = await sql<{ bank_code: string; branch_code: string; account_number_last3: string }[]>(
      'SELECT bank_code, branch_code, account_number_last3 FROM payees WHERE user_id = ?',
      [user.id],
    );
    expect(row).toEqual({ bank_code: '0001', branch_code: '001', account_number_last3: '321' });
  });

  it("mails an ambassador's change to its address with its earnings page and the member who made it", async () => {
    const school = await createAmbassador(t.orm, { name: '木工房かしの木', email: 'kashi@example.com' });
    const member = await createUser(t.orm, { name: '鈴木 一郎', role: 'HOST' });
    await addAmbassadorMember(t.orm, school.id, member.id);
    const agent = await signedInAgent(t.app, member.email);
    expect((await agent.put(`/api/v1/host/bank-account?ambassador_id=${school.id}`).send(account)).status).toBe(200);
    const [row] = await sql<{ id: number }[]>('SELECT id FROM payees WHERE ambassador_id = ?', [school.id]);
    const mails = await t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `bank-account:${row.id}:%` } });
    expect(mails.map((mail) => [mail.toAddress, mail.footer])).toEqual([['kashi@example.com', null]]);
    expect(mails[0].textBody).toBe(
      [
        '木工房かしの木 様',
        '',
        '売上のお振込先口座が変更されました。',
        '振込先: みずほ 東京営業部 普通 ****567',
        '変更した方: 鈴木 一郎 様',
        '',
        '登録内容は、売上・お支払いのページで確認できます。',
        `http://localhost:3000/host/earnings?ambassador_id=${school.id}`,
        '',
        'お心当たりがない場合は、すぐにお問い合わせフォームから運営事務局へご連絡ください。',
        'http://localhost:3000/inquiry',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
  });

  it("is nobody else's to read: another user sees their own; an ambassador they are not a member of is a 404", async () => {
    expect((await other.get('/api/v1/host/bank-account')).body.registered).toBe(false);
    expect((await other.get(`/api/v1/host/bank-account?ambassador_id=${ambassadorId}`)).status).toBe(404);
    expect((await other.put(`/api/v1/host/bank-account?ambassador_id=${ambassadorId}`).send(account)).status).toBe(404);
    expect((await request(t.app).get('/api/v1/host/bank-account')).status).toBe(401);
  });
});

describe('/host/earnings', () => {
  it('lists a month per reservation with totals, statuses, the payout history and the statement CSV', async () => {
    const guest = await createUser(t.orm);
    const experience = await createExperience(t.orm, { hostUserId: hostId, title: '藍染め体験' });
    const slot = await createCalendar(t.orm, experience.id, { date: '2026-09-10' });
    const [payee] = await sql<{ id: number }[]>('SELECT id FROM payees WHERE user_id = ?', [hostId]);
    const earn = async (gross: number, reversed: boolean) => {
      const r = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
      const commission = Math.floor((gross * 15) / 100);
      const tax = Math.floor((commission * 10) / 110);
      await sql(
        `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, commission_rate_bp, available_at)
         VALUES (?, 'earning', ?, ?, ?, ?, ?, 1500, '2026-09-10T03:00:00Z')`,
        [payee.id, r.id, gross - commission, gross, commission, tax],
      );
      if (reversed) {
        await sql(
          `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, available_at)
           VALUES (?, 'reversal', ?, ?, ?, ?, ?, '2026-09-10T03:00:00Z')`,
          [payee.id, r.id, -(gross - commission), -gross, -commission, -tax],
        );
      }
      return r.id;
    };
    const kept = await earn(10000, false);
    const cancelled = await earn(4000, true);
    const ctx = t.services.context(operator('test'));
    const batch = await t.services.payouts.prepare(ctx, { month: '2026-09' });
    await t.services.payouts.markPaid(ctx, { id: batch.batch.id });

    const res = await host.get('/api/v1/host/earnings?month=2026-09');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      {
        reservation_id: kept,
        date: '2026-09-10',
        date_count: 1,
        cancelled_without_refund: false,
        experience_title: '藍染め体験',
        guests: 1,
        amount: 10000,
        commission: 1500,
        earning: 8500,
        status: 'paid',
      },
      {
        reservation_id: cancelled,
        date: '2026-09-10',
        date_count: 1,
        cancelled_without_refund: false,
        experience_title: '藍染め体験',
        guests: 1,
        amount: 0,
        commission: 0,
        earning: 0,
        status: 'cancelled',
      },
    ]);
    expect(res.body.totals).toEqual({ guests: 1, amount: 10000, commission: 1500, commission_tax: 136, earning: 8500, adjustments: 0 });
    expect(res.body.paid).toEqual([{ month: '2026-09', pay_date: '2026-10-30', amount: 8500 }]);
    expect(res.body.adjustments).toEqual([]);
    expect(res.body.payout).toEqual({ pay_date: '2026-10-30', carried_in: 0, balance: 8500, fee: 0, transfer: 8500, status: 'payable' });
    expect(res.body.balance).toEqual({ confirmed: 0, expected: 0 });
    expect(res.body.months.find((m: { month: string }) => m.month === '2026-09')).toEqual({ month: '2026-09', closed: true });

    const csv = await host.get('/api/v1/host/earnings/statement?month=2026-09');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The header row first (the file imports as one table), the rows, then the summary records in the same columns.
    expect(csv.text.split('\r\n').slice(0, 9)).toEqual([
      '\uFEFF区分,予約番号,日付,内容,人数,売上,手数料,お受取額,状態',
      `予約,${kept},2026-09-10,藍染め体験,1,10000,1500,8500,支払済み`,
      `予約,${cancelled},2026-09-10,藍染め体験,1,0,0,0,取消`,
      // The guests of the reversed reservation are not counted.
      '合計,,,,1,10000,1500,8500,',
      '消費税,,,手数料（税込）のうち消費税（10%）,,,136,,',
      '前月からの繰越,,,,,,,0,',
      '確定残高,,2026-09-30,,,,,8500,',
      '振込手数料,,,,,,,0,',
      'お振込額,,2026-10-30,,,,,8500,',
    ]);
    expect((await host.get('/api/v1/host/earnings?month=2026-13')).status).toBe(422);
    // A year the month rules cannot step past is refused, not a server error.
    for (const path of [
      '/api/v1/host/earnings?month=9999-12',
      '/api/v1/host/earnings/statement?month=9999-12',
      '/api/v1/host/earnings?month=0000-01',
    ]) {
      const far = await host.get(path);
      expect(far.status).toBe(422);
      expect(far.body.messages.month).toEqual(['月は 2000-01〜2099-12 の YYYY-MM の形式で指定してください（例: 2026-10）']);
    }

    const pdf = await host
      .get('/api/v1/host/earnings/statement.pdf?month=2026-09')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body as Buffer);
    for (const expected of [
      '支払明細書',
      '山田 花子 様',
      '2026年9月',
      '2026年9月1日 〜 2026年9月30日',
      '藍染め体験',
      '¥10,000',
      '¥1,500',
      '¥8,500',
      '取消',
      '手数料（税込）のうち消費税（10%）: ¥136',
      'お振込額（2026年10月30日）',
      t.env.PLATFORM_NAME,
      `登録番号 ${t.env.INVOICE_REGISTRATION_NUMBER}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('files a reservation of several dates under its last one, says how many it holds, and a cancellation that refunded nothing', async () => {
    // Month-end close (the default): a month is the calendar month, counted from this one.
    const month = (n: number) => shiftMonth(todayInJapan().slice(0, 7), n);
    const h = await createUser(t.orm, { name: '長期 予約子', role: 'HOST' });
    const agent = await signedInAgent(t.app, h.email);
    await sql('INSERT INTO payees (user_id, commission_rate_bp) VALUES (?, 1500)', [h.id]);
    const guest = await createUser(t.orm);
    const experience = await createExperience(t.orm, { hostUserId: h.id, title: '陶芸の連続講座' });
    const slots = [];
    for (const date of [`${month(2)}-02`, `${month(3)}-15`, `${month(4)}-24`])
      slots.push(await createCalendar(t.orm, experience.id, { date }));
    const single = await createCalendar(t.orm, experience.id, { date: `${month(2)}-10` });
    const series = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: slots.map((c) => c.id) });
    const one = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [single.id] });
    const em = t.orm.em.fork();
    await recordEarning(em, series.id, 0.15);
    await recordEarning(em, one.id, 0.15);
    // The guest cancels the series after the refund deadline: no refund, no reversal, the host keeps the earning.
    await sql(
      "UPDATE reservations SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'guest', refund_amount = 0 WHERE id = ?",
      [series.id],
    );
    await recordReversal(em, series.id, { full: false, refundAmount: 0, totalAmount: 1086 });

    const last = await agent.get(`/api/v1/host/earnings?month=${month(4)}`);
    expect(last.status).toBe(200);
    expect(last.body.rows).toEqual([
      {
        reservation_id: series.id,
        date: `${month(4)}-24`,
        date_count: 3,
        cancelled_without_refund: true,
        experience_title: '陶芸の連続講座',
        guests: 1,
        amount: 1000,
        commission: 150,
        earning: 850,
        status: 'expected',
      },
    ]);
    // The months to come that have earnings are listed too, newest first, before this month (none without earnings).
    expect(last.body.months).toEqual([
      { month: month(4), closed: false },
      { month: month(2), closed: false },
      { month: month(0), closed: false },
    ]);
    expect(last.body.balance).toEqual({ confirmed: 0, expected: 1700 });
    const first = await agent.get(`/api/v1/host/earnings?month=${month(2)}`);
    expect(first.body.rows).toEqual([
      {
        reservation_id: one.id,
        date: `${month(2)}-10`,
        date_count: 1,
        cancelled_without_refund: false,
        experience_title: '陶芸の連続講座',
        guests: 1,
        amount: 1000,
        commission: 150,
        earning: 850,
        status: 'expected',
      },
    ]);

    // A month that has not closed has no statement: its rows are still 予定 and its balance is not known.
    for (const path of [`/api/v1/host/earnings/statement?month=${month(4)}`, `/api/v1/host/earnings/statement.pdf?month=${month(4)}`]) {
      const open = await agent.get(path);
      expect(open.status).toBe(409);
      expect(open.body.message).toBe(
        `${Number(month(4).slice(0, 4))}年${Number(month(4).slice(5, 7))}月分はまだ締め日を過ぎていないため、支払明細書を発行できません`,
      );
    }
    expect((await agent.get(`/api/v1/host/earnings/statement?month=${month(0)}`)).status).toBe(409);
  });

  describe('a statement whose lines add up', () => {
    afterEach(() => vi.useRealTimers());

    it('prints the carried-over balance, each adjustment, one tax for the month and the Japan date of issue', async () => {
      const h = await createUser(t.orm, { name: '佐藤 次郎', role: 'HOST' });
      const agent = await signedInAgent(t.app, h.email);
      const [payee] = await sql<{ id: number }[]>('INSERT INTO payees (user_id, commission_rate_bp) VALUES (?, 1500) RETURNING id', [h.id]);
      const guest = await createUser(t.orm);
      const experience = await createExperience(t.orm, { hostUserId: h.id, title: '和菓子づくり' });
      const earn = async (date: string, guests: number, gross: number, commission: number, tax: number, reversed = false) => {
        const slot = await createCalendar(t.orm, experience.id, { date });
        const r = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
        await sql('UPDATE reservations SET number_of_people = ? WHERE id = ?', [guests, r.id]);
        const at = `${date}T06:00:00Z`;
        await sql(
          `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, commission_rate_bp, available_at)
           VALUES (?, 'earning', ?, ?, ?, ?, ?, 1500, ?)`,
          [payee.id, r.id, gross - commission, gross, commission, tax, at],
        );
        if (reversed) {
          await sql(
            `INSERT INTO ledger_entries (payee_id, kind, reservation_id, amount, gross, commission, commission_tax, available_at)
             VALUES (?, 'reversal', ?, ?, ?, ?, ?, ?)`,
            [payee.id, r.id, -(gross - commission), -gross, -commission, -tax, at],
          );
        }
        return r.id;
      };
      // October: ¥4,675 earned, no bank account yet, so the close leaves it blocked and it is carried into November.
      await earn('2026-10-20', 1, 5500, 825, 75);
      const ctx = t.services.context(operator('test'));
      const october = await t.services.payouts.prepare(ctx, { month: '2026-10' });
      expect(october.items.find((i) => i.payee_id === payee.id)).toMatchObject({ balance: 4675, status: 'blocked' });
      await t.services.payouts.markPaid(ctx, { id: october.batch.id });
      expect((await agent.put('/api/v1/host/bank-account').send(account)).status).toBe(200);

      // November: two stays whose commissions (¥1,965 each, stored tax ¥178 each) total ¥3,930, a reversed
      // reservation of three guests, and two adjustments.
      const first = await earn('2026-11-10', 2, 13100, 1965, 178);
      const reversed = await earn('2026-11-18', 3, 6000, 900, 81, true);
      const second = await earn('2026-11-25', 1, 13100, 1965, 178);
      const adjust = (amount: number, reason: string, at: string) =>
        sql(`INSERT INTO ledger_entries (payee_id, kind, amount, available_at, reason, actor) VALUES (?, 'adjustment', ?, ?, ?, 'admin')`, [
          payee.id,
          amount,
          at,
          reason,
        ]);
      await adjust(-800, '備品の破損（11月10日の回）', '2026-11-12T02:00:00Z');
      await adjust(1200, '10月分の手数料の過大請求の返金', '2026-11-20T02:00:00Z');

      // 2026-12-01 08:30 in Japan is still 11-30 in UTC: the close has passed and the statement is dated December 1.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T23:30:00Z') });
      // Before November is prepared the next payout is the projection of December's close: an estimate.
      const projected = await agent.get('/api/v1/host/earnings');
      expect(projected.body.next_payout).toMatchObject({ month: '2026-12', amount: 27345, prepared: false });
      const november = await t.services.payouts.prepare(ctx, { month: '2026-11' });
      // Once prepared, the batch's line is the next payout, and its amount is fixed.
      const next = await agent.get('/api/v1/host/earnings');
      expect(next.body.next_payout).toEqual({
        month: '2026-11',
        pay_date: '2026-12-30',
        amount: 27345,
        below_minimum: false,
        prepared: true,
      });
      expect(november.items.find((i) => i.payee_id === payee.id)).toMatchObject({
        balance: 27345,
        carried_in: 4675,
        status: 'payable',
      });

      const page = await agent.get('/api/v1/host/earnings?month=2026-11');
      expect(page.status).toBe(200);
      expect(
        page.body.rows.map((r: { reservation_id: number; guests: number; status: string }) => [r.reservation_id, r.guests, r.status]),
      ).toEqual([
        [first, 2, 'confirmed'],
        [reversed, 3, 'cancelled'],
        [second, 1, 'confirmed'],
      ]);
      // floor(3,930 × 10/110) = 357, once for the month (the rows' stored figures sum to 356).
      expect(page.body.totals).toEqual({
        guests: 3,
        amount: 26200,
        commission: 3930,
        commission_tax: 357,
        earning: 22270,
        adjustments: 400,
      });
      expect(page.body.adjustments.map(({ id: _id, ...a }: { id: number }) => a)).toEqual([
        { date: '2026-11-12', reason: '備品の破損（11月10日の回）', amount: -800 },
        { date: '2026-11-20', reason: '10月分の手数料の過大請求の返金', amount: 1200 },
      ]);
      // 22,270 + 400 + 4,675 = 27,345.
      expect(page.body.payout).toEqual({
        pay_date: '2026-12-30',
        carried_in: 4675,
        balance: 27345,
        fee: 0,
        transfer: 27345,
        status: 'payable',
      });

      const csv = await agent.get('/api/v1/host/earnings/statement?month=2026-11');
      expect(csv.status).toBe(200);
      expect(csv.text.split('\r\n')).toEqual([
        '\uFEFF区分,予約番号,日付,内容,人数,売上,手数料,お受取額,状態',
        `予約,${first},2026-11-10,和菓子づくり,2,13100,1965,11135,確定`,
        `予約,${reversed},2026-11-18,和菓子づくり,3,0,0,0,取消`,
        `予約,${second},2026-11-25,和菓子づくり,1,13100,1965,11135,確定`,
        '合計,,,,3,26200,3930,22270,',
        '消費税,,,手数料（税込）のうち消費税（10%）,,,357,,',
        '調整,,2026-11-12,備品の破損（11月10日の回）,,,,-800,',
        '調整,,2026-11-20,10月分の手数料の過大請求の返金,,,,1200,',
        '前月からの繰越,,,,,,,4675,',
        '確定残高,,2026-11-30,,,,,27345,',
        '振込手数料,,,,,,,0,',
        'お振込額,,2026-12-30,,,,,27345,',
        '支払先,,,佐藤 次郎,,,,,',
        '対象月,,,2026年11月,,,,,',
        '対象期間,,,2026-11-01〜2026-11-30,,,,,',
        '発行日,,2026-12-01,,,,,,',
        `発行者,,,${t.env.PLATFORM_NAME},,,,,`,
        `発行者の住所,,,${t.env.PLATFORM_ADDRESS},,,,,`,
        `登録番号,,,${t.env.INVOICE_REGISTRATION_NUMBER},,,,,`,
        '',
      ]);

      const pdf = await agent
        .get('/api/v1/host/earnings/statement.pdf?month=2026-11')
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(pdf.status).toBe(200);
      const text = await pdfText(pdf.body as Buffer);
      for (const expected of [
        '発行日',
        '2026年12月1日',
        // Each date on one line (the date column is wide enough).
        '2026年11月10日',
        '2026年11月25日',
        '手数料（税込）のうち消費税（10%）: ¥357',
        '人数の合計は、取り消された予約とキャンセル（返金なし）の予約を除いた人数です。',
        'この月の調整',
        '備品の破損（11月10日の回）',
        '¥-800',
        '10月分の手数料の過大請求の返金',
        '¥1,200',
        'この月のお受取額',
        '¥22,270',
        '¥400',
        '前月からの繰越',
        '¥4,675',
        '締め日時点の確定残高',
        '¥27,345',
        'お振込額（2026年12月30日）',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('2026年11月30日 〜');
      expect(text).not.toContain('¥356');

      // December has not closed at that instant: no statement for it.
      const open = await agent.get('/api/v1/host/earnings/statement.pdf?month=2026-12');
      expect(open.status).toBe(409);
      expect(open.body.message).toBe('2026年12月分はまだ締め日を過ぎていないため、支払明細書を発行できません');
    });
  });
});
