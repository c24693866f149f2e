// Leaving (退会) through the API: each refusal (status, Japanese reason, nothing changed), a wrong password, the
// leaving itself (sign-in stops, every session ends, the address can sign up again), and the administrator's version
// (the same refusals unless forced with a reason, audited) through the API and the CLI.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, signedInAgent, TEST_PASSWORD } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { addAmbassadorMember, createAmbassador } from '#tests/factories/communities';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';
import { expectDocumented } from './openapi-contract';
import { User } from '#src/modules/users/users.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { Refund } from '#src/modules/reservations/reservations.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const em = () => t.orm.em.fork();
const UPCOMING = 'これから参加する予約があります。予約をキャンセルするか、体験の終了後に退会してください。';

async function userRow(id: number) {
  return em().findOneOrFail(User, { id });
}

/** A user with a confirmed reservation of a slot `days` from today. */
async function guestWithReservation(days: number, email?: string) {
  const signedIn = await createSignedInUser(t, email ? { email } : {});
  const experience = await createExperience(t.orm);
  const slot = await createCalendar(t.orm, experience.id, { daysFromToday: days });
  const reservation = await createReservation(t.orm, { userId: signedIn.user.id, experienceId: experience.id, calendarIds: [slot.id] });
  return { ...signedIn, experience, reservation };
}

/** The refusal: 409 with the reason, and the account untouched (still signed in, same name). */
async function expectRefused(agent: request.Agent, userId: number, name: string, reason: string) {
  const res = await agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD });
  expect(res.status).toBe(409);
  expectDocumented(res);
  expect(res.body.message).toContain(reason);
  const row = await userRow(userId);
  expect(row.name).toBe(name);
  expect(row.leftAt).toBeNull();
  expect((await agent.get('/api/v1/account')).status).toBe(200);
}

describe('GET /api/v1/account/leave', () => {
  it('refuses a guest and lists nothing for an account that may leave', async () => {
    expect((await request(t.app).get('/api/v1/account/leave')).status).toBe(401);
    const { agent } = await createSignedInUser(t);
    const res = await agent.get('/api/v1/account/leave');
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ blockers: [] });
  });
});

describe('POST /api/v1/account/leave refusals', () => {
  it('refuses a wrong password with 422 on the field', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '残る 太郎' });
    const res = await agent.post('/api/v1/account/leave').send({ password: 'wrong-password1' });
    expect(res.status).toBe(422);
    expectDocumented(res);
    expect(res.body.messages.password).toEqual(['パスワードが正しくありません']);
    expect((await userRow(user.id)).name).toBe('残る 太郎');
  });

  it('refuses while the user has an upcoming reservation as a guest', async () => {
    const { user, agent } = await guestWithReservation(3);
    const preview = await agent.get('/api/v1/account/leave');
    expect(preview.body.blockers).toEqual([{ code: 'upcoming_reservations', message: UPCOMING }]);
    await expectRefused(agent, user.id, user.name, UPCOMING);
  });

  it('allows a reservation whose slot has passed', async () => {
    const { user, agent } = await guestWithReservation(-3);
    const res = await agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ left: true, user_id: user.id, forced: false });
  });

  it('refuses while a refund is pending', async () => {
    const { user, agent, reservation } = await guestWithReservation(-2);
    const fork = em();
    fork.create(Refund, { reservation: reservation.id, amount: 500, idempotencyKey: `refund-test-${reservation.id}` });
    await fork.flush();
    await expectRefused(agent, user.id, user.name, '処理中の返金があります。返金が完了してから退会してください。');
  });

  it('refuses a host with unpaid earnings and with guests still to come', async () => {
    const { user, agent } = await createSignedInUser(t, { role: 'HOST' });
    const [payee] = await em().execute<{ id: number }[]>('INSERT INTO payees (user_id) VALUES (?) RETURNING id', [user.id]);
    await em().execute(
      `INSERT INTO ledger_entries (payee_id, kind, amount, available_at, reason, actor) VALUES (?, 'adjustment', 3000, now(), '調整', 'operator:test')`,
      [payee.id],
    );
    await expectRefused(agent, user.id, user.name, 'お支払い前の売上があります。売上の振込が完了してから退会してください。');
    const experience = await createExperience(t.orm, { hostUserId: user.id });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 5 });
    const guest = await createUser(t.orm);
    await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [slot.id] });
    const preview = await agent.get('/api/v1/account/leave');
    expect(preview.body.blockers.map((b: { code: string }) => b.code)).toEqual(['hosted_reservations', 'unpaid_earnings']);
  });

  it('refuses the last member of an ambassador, not one of two', async () => {
    const ambassador = await createAmbassador(t.orm, { name: 'ひだまり工房' });
    const { user, agent } = await createSignedInUser(t);
    await addAmbassadorMember(t.orm, ambassador.id, user.id);
    await expectRefused(agent, user.id, user.name, 'アンバサダー「ひだまり工房」の最後のメンバーです。');
    const other = await createUser(t.orm);
    await addAmbassadorMember(t.orm, ambassador.id, other.id);
    expect((await agent.get('/api/v1/account/leave')).body).toEqual({ blockers: [] });
  });
});

describe('POST /api/v1/account/leave', () => {
  it('stops sign-in, ends every session, anonymises the account and frees the address', async () => {
    const email = 'leaving-person@example.com';
    const { user, agent } = await createSignedInUser(t, { name: '退会 花子', email });
    const other = await signedInAgent(t.app, email);
    const res = await agent.post('/api/v1/account/leave').send({ password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/v1/account')).status).toBe(401);
    expect((await other.get('/api/v1/account')).status).toBe(401);
    const signIn = await request(t.app)
      .post('/api/v1/sessions')
      .set('X-Forwarded-For', '10.99.0.1')
      .send({ email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(401);
    const row = await userRow(user.id);
    expect(row.name).toBe('退会したユーザー');
    expect(row.email).toBe(`left:${user.id}`);
    expect(row.avatarUrl).toBeNull();
    expect(row.leftAt).not.toBeNull();
    const [sessions] = await em().execute<{ n: string }[]>(`SELECT count(*) AS n FROM session WHERE sess->>'userId' = ?`, [
      String(user.id),
    ]);
    expect(Number(sessions.n)).toBe(0);
    const signUp = await request(t.app)
      .post('/api/v1/users')
      .set('X-Forwarded-For', '10.99.0.2')
      .send({ name: '新しい 花子', email, password: 'abcd1234', agree_terms: true });
    expect(signUp.status).toBe(201);
    expect(signUp.body.id).not.toBe(user.id);
  });
});

describe('the administrator makes a user leave', () => {
  it('refuses a non-admin and a guest', async () => {
    const target = await createUser(t.orm);
    const { agent } = await createSignedInUser(t);
    const res = await agent.post(`/api/v1/admin/users/${target.id}/leave`).send({});
    expect(res.status).toBe(403);
    expectDocumented(res);
    expect((await request(t.app).get(`/api/v1/admin/users/${target.id}/leave`)).status).toBe(401);
    expect((await userRow(target.id)).leftAt).toBeNull();
  });

  it('gives the same refusal, needs a reason to force, and audits the forced leaving', async () => {
    const { user } = await guestWithReservation(4);
    const { user: admin, agent } = await createSignedInUser(t, { role: 'ADMIN', name: '管理 一郎' });
    const preview = await agent.get(`/api/v1/admin/users/${user.id}/leave`);
    expect(preview.status).toBe(200);
    expectDocumented(preview);
    expect(preview.body.blockers.map((b: { code: string }) => b.code)).toEqual(['upcoming_reservations']);

    const refused = await agent.post(`/api/v1/admin/users/${user.id}/leave`).send({});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(UPCOMING);
    const noReason = await agent.post(`/api/v1/admin/users/${user.id}/leave`).send({ force: true, reason: '  ' });
    expect(noReason.status).toBe(422);
    expectDocumented(noReason);
    expect(noReason.body.messages.reason).toEqual(['退会させる理由を入力してください']);
    expect((await userRow(user.id)).leftAt).toBeNull();
    expect(await em().count(AuditLog, { entityType: 'user', entityId: user.id })).toBe(0);

    const res = await agent.post(`/api/v1/admin/users/${user.id}/leave`).send({ force: true, reason: '本人からの削除依頼（電話）' });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ left: true, user_id: user.id, forced: true });
    expect((await userRow(user.id)).name).toBe('退会したユーザー');
    const audit = await em().find(AuditLog, { entityType: 'user', entityId: user.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: `user:${admin.id}`, actorName: '管理 一郎', action: 'leave' });
    expect(audit[0].after).toMatchObject({ forced: true, overridden: ['upcoming_reservations'], reason: '本人からの削除依頼（電話）' });

    const again = await agent.post(`/api/v1/admin/users/${user.id}/leave`).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('このアカウントはすでに退会しています');
    expect((await agent.post('/api/v1/admin/users/999999/leave').send({})).status).toBe(404);
  });

  it(
    'runs from the CLI as the operator',
    async () => {
      const target = await createUser(t.orm, { name: 'コマンド 次郎' });
      // It cannot be undone: without a terminal to ask on, nothing happens without --yes.
      const unconfirmed = await runCli(t.databaseUrl, ['leave-user', String(target.id)]);
      expect(unconfirmed.code).toBe(1);
      expect(unconfirmed.stderr).toBe('確認が必要な操作です。端末から実行するか、スクリプトでは --yes を付けてください\n');
      expect((await userRow(target.id)).leftAt).toBeNull();
      const malformed = await runCli(t.databaseUrl, ['leave-user', 'abc', '--yes']);
      expect(malformed.code).toBe(1);
      expect(malformed.stderr).toBe('<id> には1〜2,147,483,647の整数を指定してください （--help で使い方を表示します）\n');
      const run = await runCli(t.databaseUrl, ['leave-user', String(target.id), '--yes']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`利用者 #${target.id} を退会させました`);
      expect((await userRow(target.id)).name).toBe('退会したユーザー');
      const [entry] = await em().find(AuditLog, { entityType: 'user', entityId: target.id });
      expect(entry.actor).toMatch(/^operator:/);
    },
    CLI_TEST_TIMEOUT,
  );
});

describe('the last administrator', () => {
  const LAST_ADMIN = '最後の管理者です。ほかの管理者を作成してから退会してください（npm run cli -- create-admin）。';

  it(
    'cannot leave or be made to leave, forced or not, by the API or the CLI; two administrators removing each other leave one',
    async () => {
      // Only these two are administrators from here on (this block runs last in the file).
      const first = await createSignedInUser(t, { role: 'ADMIN', name: '管理 最初' });
      const second = await createSignedInUser(t, { role: 'ADMIN', name: '管理 二番' });
      await em().nativeUpdate(User, { role: 'ADMIN', id: { $nin: [first.user.id, second.user.id] } }, { role: 'USER' });

      // Two administrators asking at once to remove each other: one is removed, the other is refused as the last.
      const [a, b] = await Promise.all([
        first.agent.post(`/api/v1/admin/users/${second.user.id}/leave`).send({}),
        second.agent.post(`/api/v1/admin/users/${first.user.id}/leave`).send({}),
      ]);
      // The other is refused as the last administrator, or, had the first finished before its session was read, as
      // signed out (leaving ends the sessions): either way it removed nobody.
      const [won, lost] = a.status === 200 ? [a, b] : [b, a];
      expect(won.status).toBe(200);
      expect([409, 401]).toContain(lost.status);
      if (lost.status === 409) expect(lost.body.message).toBe(LAST_ADMIN);
      const [kept, gone] = a.status === 200 ? [first, second] : [second, first];
      expect((await userRow(gone.user.id)).leftAt).not.toBeNull();
      expect(await em().count(User, { role: 'ADMIN', leftAt: null })).toBe(1);

      // The one left: its own page lists the reason, and its own leaving is refused.
      const preview = await kept.agent.get('/api/v1/account/leave');
      expect(preview.body.blockers).toEqual([{ code: 'last_admin', message: LAST_ADMIN }]);
      await expectRefused(kept.agent, kept.user.id, kept.user.name, LAST_ADMIN);

      // The operator cannot force it either; after a second administrator is made, it can.
      const forced = await runCli(t.databaseUrl, ['leave-user', String(kept.user.id), '--force', '--reason', '交代', '--yes']);
      expect(forced.code).toBe(1);
      expect(forced.stderr).toBe(`${LAST_ADMIN}\n`);
      expect((await userRow(kept.user.id)).leftAt).toBeNull();
      await createUser(t.orm, { role: 'ADMIN' });
      const done = await runCli(t.databaseUrl, ['leave-user', String(kept.user.id), '--yes']);
      expect(done.code).toBe(0);
      expect((await userRow(kept.user.id)).leftAt).not.toBeNull();
    },
    CLI_TEST_TIMEOUT,
  );
});
