// The receipts a guest was issued stay reproducible as issued after the guest leaves (退会): every download is
// recorded whole in receipt_issuances (append-only), leaving erases the receipt row's form values but not what was
// printed, and the platform's copy (発行者控え: the service's `copy`, CLI receipt-copy) prints the addressee and
// 但し書き of the issuance it names.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, TEST_PASSWORD, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';
import { pdfText } from '#tests/factories/pdf';
import { operator } from '#src/lib/context';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import { Receipt } from '#src/modules/receipts/receipts.entity';

let t: TestApp;
let agent: Agent;
let number: string;

/** supertest's parser for a binary answer: the bytes as they came. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

const sql = <T>(text: string, params: unknown[] = []) => t.orm.em.fork().execute<T[]>(text, params);
/** The PDF's text without the spaces and line breaks the extraction puts between runs. */
const squeezed = async (body: Buffer) => (await pdfText(body)).replace(/\s+/g, '');

beforeAll(async () => {
  t = await setupTestApp({ PLATFORM_NAME: '株式会社テスト運営', INVOICE_REGISTRATION_NUMBER: 'T1180301018771' });
  const host = await createUser(t.orm, { name: 'ホスト 次郎', role: 'HOST' });
  const experience = await createExperience(t.orm, { hostUserId: host.id, price: 10000, title: '藍染め体験' });
  const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
  const user = await createUser(t.orm, { name: '退会 予定子' });
  agent = await signedInAgent(t.app, user.email);
  const booked = await agent.post('/api/v1/reservations').send({
    calendar_ids: [calendar.id],
    number_of_people: 1,
    payment_token: 'tok_visa',
    idempotency_key: 'receipt-after-leaving',
  });
  expect(booked.status).toBe(201);
  const receipt = (body: Record<string, unknown>) =>
    agent.post(`/api/v1/reservations/${booked.body.id}/receipt`).send(body).buffer(true).parse(binary);
  // Issued for the guest's company first, then re-issued in the guest's own name for another purpose.
  expect((await receipt({ addressee: '株式会社みなと商事 経理部', purpose: '研修費として' })).status).toBe(200);
  expect((await receipt({ addressee: '退会 予定子', purpose: '体験料として' })).status).toBe(200);
  [{ number }] = await sql<{ number: string }>('SELECT number FROM receipts WHERE reservation_id = ?', [booked.body.id]);
  // The experience took place: nothing keeps the guest from leaving any more.
  await sql(`UPDATE calendars SET date = date - 20 WHERE id = ?`, [calendar.id]);
  expect((await agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD })).status).toBe(200);
});

describe('a receipt of a guest who has left', () => {
  it('keeps every issuance as printed, while the receipt row forgets the form values', async () => {
    const [row] = await t.orm.em.fork().find(Receipt, { number });
    expect({ addressee: row.addressee, purpose: row.purpose, issued: row.issuedCount }).toEqual({
      addressee: '退会したユーザー',
      purpose: '体験料として',
      issued: 2,
    });
    const issued = await sql<{ issue_no: number; addressee: string; purpose: string; reissue: boolean }>(
      `SELECT issue_no, document->>'addressee' AS addressee, document->>'purpose' AS purpose, (document->>'reissue')::boolean AS reissue
       FROM receipt_issuances WHERE document->>'number' = ? ORDER BY issue_no`,
      [number],
    );
    expect(issued).toEqual([
      { issue_no: 1, addressee: '株式会社みなと商事 経理部', purpose: '研修費として', reissue: false },
      { issue_no: 2, addressee: '退会 予定子', purpose: '体験料として', reissue: true },
    ]);
  });

  it('gives the platform a copy of the latest issuance, and of any earlier one, as printed and marked 発行者控え', async () => {
    const today = todayInJapan().split('-').map(Number);
    const ctx = t.services.context(operator());
    const latest = await t.services.receipts.copy(ctx, { number });
    expect(latest.filename).toBe(`領収書_${number}_控え.pdf`);
    const latestText = await squeezed(latest.body);
    expect(latestText).toContain('退会予定子様');
    expect(latestText).toContain('但し体験料として');
    expect(latestText).toContain('再発行');
    expect(latestText).toContain(`発行者控え（${today[0]}年${today[1]}月${today[2]}日出力）`);
    expect(latestText).toContain('¥10,860-');
    expect(latestText).not.toContain('退会したユーザー');

    const first = await squeezed((await t.services.receipts.copy(ctx, { number: number.toLowerCase(), issue_no: '1' })).body);
    expect(first).toContain('株式会社みなと商事経理部様');
    expect(first).toContain('但し研修費として');
    expect(first).not.toContain('再発行');
    // A copy is not an issuance.
    expect(await sql<{ n: string }>(`SELECT count(*) AS n FROM receipt_issuances`)).toEqual([{ n: '2' }]);
  });

  it('refuses the copy to anyone but an administrator, and names what it cannot find', async () => {
    const guest = await createUser(t.orm, { name: '他の 利用者' });
    const asUser = t.services.context({ kind: 'user', id: guest.id, name: guest.name, email: guest.email, role: 'USER' });
    await expect(t.services.receipts.copy(asUser, { number })).rejects.toMatchObject({ status: 403 });
    const ctx = t.services.context(operator());
    await expect(t.services.receipts.copy(ctx, { number: 'R99999999' })).rejects.toMatchObject({
      status: 404,
      message: '領収書が見つかりませんでした',
    });
    await expect(t.services.receipts.copy(ctx, { number, issue_no: 3 })).rejects.toMatchObject({
      status: 404,
      message: 'この領収書にその発行回はありません',
    });
    await expect(t.services.receipts.copy(ctx, { number: '12345' })).rejects.toMatchObject({ status: 422 });
  });

  it('keeps the issuances append-only: no update, delete or truncate', async () => {
    await expect(sql(`UPDATE receipt_issuances SET document = '{}'::jsonb`)).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM receipt_issuances')).rejects.toThrow(/append-only/);
    await expect(sql('TRUNCATE receipt_issuances CASCADE')).rejects.toThrow(/append-only/);
  });

  it(
    'writes the copy with the CLI (receipt-copy), never over an existing file',
    async () => {
      const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'receipt-copy-')), 'copy.pdf');
      const run = await runCli(t.databaseUrl, ['receipt-copy', number, '--issue', '1', '--out', out]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe(`領収書の控えを ${out} に書き出しました`);
      expect(await squeezed(readFileSync(out))).toContain('株式会社みなと商事経理部様');
      const again = await runCli(t.databaseUrl, ['receipt-copy', number, '--out', out]);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain(`${out} に書き出せませんでした: 同じ名前のファイルがすでにあります`);
      // A refusal names what was typed: the number is the argument, the issue its option.
      const badNumber = await runCli(t.databaseUrl, ['receipt-copy', 'X1']);
      expect(badNumber.stderr).toContain('入力内容に誤りがあります: <number>: 領収書番号は R と8桁以上の数字で入力してください');
      const badIssue = await runCli(t.databaseUrl, ['receipt-copy', number, '--issue', '0']);
      expect(badIssue.stderr).toContain('入力内容に誤りがあります: --issue: 発行回は1以上の整数で指定してください');
    },
    CLI_TEST_TIMEOUT,
  );
});
