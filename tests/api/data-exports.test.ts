// The copy of one's data: requested on the account page's API, built by the worker's job (a lease, then the files
// and the mailed link in one transaction), downloaded by the same signed-in user only, until the link expires. The
// copy holds every row of every table that references the user (the foreign keys are walked here independently).
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { RICH, seedRichUser } from '#tests/factories/rich-user';
import { expectDocumented } from './openapi-contract';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const sql = <T>(text: string, params: unknown[] = []) => t.orm.em.fork().execute<T[]>(text, params);

/** The token of the link mailed to the address (the newest such mail). */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await sql<{ subject: string; text_body: string }>(
    `SELECT subject, text_body FROM mail_outbox WHERE to_address = ? AND dedupe_key LIKE 'data_export:%' ORDER BY id DESC LIMIT 1`,
    [email],
  );
  expect(mail.subject).toBe('【たびとこ】データのコピーの準備ができました');
  const match = /\/account\/data-export\/([A-Za-z0-9_-]+)/.exec(mail.text_body);
  expect(match).not.toBeNull();
  return match?.[1] ?? '';
}

describe('requesting a copy', () => {
  it('refuses a guest', async () => {
    const res = await request(t.app).post('/api/v1/account/data-exports');
    expect(res.status).toBe(401);
    expectDocumented(res);
    expect((await request(t.app).get('/api/v1/account/data-exports')).status).toBe(401);
  });

  it('queues one request at a time, builds it, mails the link and serves both files to the owner only', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '写し 三郎', email: 'copy-owner@example.com' });
    const experience = await createExperience(t.orm, { title: '藍染めのハンカチづくり' });
    const slot = await createCalendar(t.orm, experience.id, { date: '2026-01-10', startTime: '13:00', endTime: '15:00' });
    const reservation = await createReservation(t.orm, { userId: user.id, experienceId: experience.id, calendarIds: [slot.id] });

    expect((await agent.get('/api/v1/account/data-exports')).body).toEqual({ data_export: null });
    const first = await agent.post('/api/v1/account/data-exports');
    expect(first.status).toBe(202);
    expectDocumented(first);
    expect(first.body).toMatchObject({ status: 'pending', ready_at: null, expires_at: null });
    const second = await agent.post('/api/v1/account/data-exports');
    expect(second.status).toBe(409);
    expectDocumented(second);
    expect(second.body.message).toBe('データのコピーを準備中です。メールが届くまでお待ちください');

    expect(await t.services.dataExports.buildDue()).toBe(1);
    expect(await t.services.dataExports.buildDue()).toBe(0);
    const latest = await agent.get('/api/v1/account/data-exports');
    expectDocumented(latest);
    expect(latest.body.data_export.status).toBe('ready');
    const days = (Date.parse(latest.body.data_export.expires_at) - Date.parse(latest.body.data_export.ready_at)) / 86_400_000;
    expect(days).toBe(7);

    const token = await mailedToken('copy-owner@example.com');
    const json = await agent.get(`/api/v1/account/data-exports/${token}/data.json`);
    expect(json.status).toBe(200);
    expectDocumented(json);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toMatch(/^attachment; filename="?tabitoko-data-\d{4}-\d{2}-\d{2}\.json"?$/);
    const data = JSON.parse(json.text);
    expect(data.profile).toMatchObject({ id: user.id, name: '写し 三郎', email: 'copy-owner@example.com' });
    expect(data.profile.password_hash).toBeUndefined();
    expect(data.tables.users[0].password_hash).toBeUndefined();
    expect(data.reservations).toHaveLength(1);
    expect(data.reservations[0]).toMatchObject({
      id: reservation.id,
      experience_title: '藍染めのハンカチづくり',
      total_amount: 1086,
      slots: [{ date: '2026-01-10', start_time: '13:00', end_time: '15:00' }],
      refund: null,
    });
    expect(data.sessions).toHaveLength(1);

    const csv = await agent.get(`/api/v1/account/data-exports/${token}/reservations.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '予約番号,体験,日程,人数,オプション,クーポン,体験料金,オプション料金,割引,サービス料,決済手数料,合計,状態,予約日時,返金額,返金の状態',
    );
    expect(lines[1]).toMatch(new RegExp(`^${reservation.id},藍染めのハンカチづくり,2026-01-10 13:00-15:00,1,,,1000,0,0,50,36,1086,確定,`));
    expect(lines).toHaveLength(3);

    const { agent: stranger } = await createSignedInUser(t);
    const refused = await stranger.get(`/api/v1/account/data-exports/${token}/data.json`);
    expect(refused.status).toBe(404);
    expectDocumented(refused);
    expect(refused.body.message).toContain('このリンクは使えません');
    expect((await request(t.app).get(`/api/v1/account/data-exports/${token}/data.json`)).status).toBe(401);
    expect((await agent.get('/api/v1/account/data-exports/not-a-real-token-at-all-000/data.json')).status).toBe(404);

    // A new request is taken once the previous one is ready.
    expect((await agent.post('/api/v1/account/data-exports')).status).toBe(202);
  });

  it('stops serving an expired link and drops its files', async () => {
    const { agent } = await createSignedInUser(t, { email: 'copy-expiry@example.com' });
    await agent.post('/api/v1/account/data-exports');
    await t.services.dataExports.buildDue();
    const token = await mailedToken('copy-expiry@example.com');
    expect((await agent.get(`/api/v1/account/data-exports/${token}/data.json`)).status).toBe(200);
    // Seven days later, as the database sees it.
    await sql(`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE status = 'ready'`);
    const expired = await agent.get(`/api/v1/account/data-exports/${token}/reservations.csv`);
    expect(expired.status).toBe(404);
    expect(expired.body.message).toContain('有効期限（7日）が過ぎた');
    await t.services.dataExports.buildDue();
    const rows = await sql<Record<string, unknown>>(
      `SELECT d.status, d.json_body, d.csv_body, d.token_hash FROM data_exports d JOIN users u ON u.id = d.user_id WHERE u.email = 'copy-expiry@example.com'`,
    );
    expect(rows).toEqual([{ status: 'expired', json_body: null, csv_body: null, token_hash: null }]);
    expect((await agent.get('/api/v1/account/data-exports')).body.data_export.status).toBe('expired');
  });
});

describe('the copy holds every row that references the user', () => {
  it('contains each row of each table with a foreign key to users', async () => {
    const rich = await seedRichUser(t);
    await rich.agent.post('/api/v1/account/data-exports');
    await t.services.dataExports.buildDue();
    const token = await mailedToken(RICH.email);
    const data = JSON.parse((await rich.agent.get(`/api/v1/account/data-exports/${token}/data.json`)).text);

    const foreignKeys = await sql<{ table_name: string; column_name: string }>(
      `SELECT k.table_name, k.column_name
       FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
       JOIN information_schema.constraint_column_usage u ON u.constraint_name = c.constraint_name AND u.table_schema = c.table_schema
       WHERE c.constraint_type = 'FOREIGN KEY' AND u.table_name = 'users' AND u.column_name = 'id' AND c.table_schema = current_schema()`,
    );
    expect(foreignKeys.length).toBeGreaterThanOrEqual(13);
    let referencing = 0;
    for (const { table_name, column_name } of foreignKeys) {
      const rows = await sql<{ id: number }>(`SELECT id FROM "${table_name}" WHERE "${column_name}" = ?`, [rich.userId]);
      const copied = new Set(((data.tables[table_name] ?? []) as { id: number }[]).map((row) => row.id));
      for (const row of rows) {
        expect(copied.has(row.id), `${table_name}.${column_name} row ${row.id}`).toBe(true);
        referencing += 1;
      }
    }
    // reservations (2), messages, review, application, draft, holding request, experience (host and creator),
    // payee, the copy's own row.
    expect(referencing).toBeGreaterThanOrEqual(11);
    expect(data.tables.users.map((u: { id: number }) => u.id)).toEqual([rich.userId]);
    expect(data.tables.users[0].email_verify_token_hash).toBeUndefined();
    // The pending change of address (tests/factories/rich-user.ts), without its link tokens.
    expect(data.tables.email_changes).toEqual([
      expect.objectContaining({ old_email: RICH.email, new_email: 'seiichiro.next@example.com', status: 'pending' }),
    ]);
    expect(data.tables.email_changes[0].confirm_token_hash).toBeUndefined();
    expect(data.reservations[0].messages.map((m: { mine: boolean }) => m.mine)).toEqual([true, false]);
    expect(data.community_applications[0]).toMatchObject({ full_name: RICH.name, address: RICH.address });
    expect(data.consents).toEqual([{ document: 'terms_and_privacy', version: null, consented_at: null }]);
    expect(data.sessions).toHaveLength(2);
  });
});
