// Changing the e-mail address from /account (POST /api/v1/account/email): the confirmation link to the new address
// (single use, 24 hours, only while the address is free), the notice to the old one, the same answer for a taken
// address, the limits (like sign-in per account and IP, requests per account) and CSRF. The mails go through a real
// SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, TEST_PASSWORD } from '#tests/factories/users';
import { startSmtpInbox, type Received } from '#tests/setup/smtp-inbox';
import { expectDocumented } from './openapi-contract';
import { deliveredTo, linkToken } from './email-change-helpers';
import { User } from '#src/modules/users/users.entity';
import { EmailChange } from '#src/modules/email-changes/email-changes.entity';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let inbox: Received[];
beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.inbox;
  t = await setupTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'たびとこ <no-reply@tabitoko.example>' });
});
afterAll(() => smtp.close());

const em = () => t.orm.em.fork();
let ip = 0;
const nextIp = () => `172.30.${(++ip >> 8) & 255}.${ip & 255}`;

describe('POST /api/v1/account/email', () => {
  it('refuses a guest with 401', async () => {
    const res = await request(t.app).post('/api/v1/account/email').send({ email: 'x@example.com', current_password: TEST_PASSWORD });
    expect(res.status).toBe(401);
    expectDocumented(res);
    expect((await request(t.app).get('/api/v1/account/email')).status).toBe(401);
  });

  it('mails a confirmation link to the new address and a notice with an undo link to the old one; nothing changes yet', async () => {
    const { user, agent } = await createSignedInUser(t, { name: '変更 花子', email: 'change-old@example.com' });
    const res = await agent.post('/api/v1/account/email').send({ email: ' Change-New@Example.com ', current_password: TEST_PASSWORD });
    expect(res.status).toBe(202);
    expectDocumented(res);
    expect(res.body).toEqual({ sent: true });

    const [toNew] = await deliveredTo(t, inbox, 'change-new@example.com');
    expect(toNew.subject).toBe('【たびとこ】メールアドレス変更の確認');
    expect(toNew.text).toMatch(/http:\/\/localhost:3000\/email_change\/confirm\?token=[\w-]{43}/);
    expect(toNew.text).toContain('このリンクは1回だけ');
    expect(
      toNew.text.startsWith('変更 花子 様\n\nたびとこのアカウントのメールアドレスを、このメールアドレスに変更する申請がありました。'),
    ).toBe(true);
    // Not the account's address yet: no account link, the signature ends the mail.
    expect(toNew.text).not.toContain('/account');
    expect(toNew.text.trimEnd().endsWith('メールアドレスは変更されません。\n\n--\nたびとこ\nhttp://localhost:3000')).toBe(true);
    const [toOld] = await deliveredTo(t, inbox, 'change-old@example.com');
    expect(toOld.subject).toBe('【たびとこ】メールアドレス変更の申請がありました');
    expect(toOld.text.startsWith('変更 花子 様\n\nたびとこのアカウントのメールアドレスを変更する申請がありました。\n')).toBe(true);
    expect(toOld.text).toContain('新しいメールアドレス: change-new@example.com');
    expect(toOld.text).toMatch(/http:\/\/localhost:3000\/email_change\/undo\?token=[\w-]{43}/);
    // A security notice: why it is always sent, and the account page to review the account, before the signature.
    expect(
      toOld.text
        .trimEnd()
        .endsWith(
          [
            'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。',
            'アカウントの状態（ログイン中の端末など）の確認: http://localhost:3000/account',
            '',
            '--',
            'たびとこ',
            'http://localhost:3000',
          ].join('\n'),
        ),
    ).toBe(true);
    expect(toOld.text).not.toContain('お知らせメールの設定');

    expect((await em().findOneOrFail(User, { id: user.id })).email).toBe('change-old@example.com');
    const status = await agent.get('/api/v1/account/email');
    expectDocumented(status);
    expect(status.body).toMatchObject({ email: 'change-old@example.com', pending: { email: 'change-new@example.com' } });
    // Only the hash of either token is stored.
    const row = await em().findOneOrFail(EmailChange, { accountId: user.id, door: 'user' });
    expect(toNew.text).not.toContain(row.confirmTokenHash);
    expect(row.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a taken address the same status and body, and mails it a notice without a link', async () => {
    await createUser(t.orm, { name: '既存 一郎', email: 'already-here@example.com' });
    const { agent: a } = await createSignedInUser(t, { email: 'enum-a@example.com' });
    const { agent: b } = await createSignedInUser(t, { email: 'enum-b@example.com' });
    const free = await a.post('/api/v1/account/email').send({ email: 'enum-free@example.com', current_password: TEST_PASSWORD });
    const taken = await b.post('/api/v1/account/email').send({ email: 'already-here@example.com', current_password: TEST_PASSWORD });
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    expect(taken.text).toBe(free.text);
    // The requester sees the same pending change either way.
    expect((await b.get('/api/v1/account/email')).body.pending.email).toBe('already-here@example.com');
    const [toTaken] = await deliveredTo(t, inbox, 'already-here@example.com');
    expect(toTaken.subject).toBe('【たびとこ】メールアドレス変更の確認');
    // It greets the account that holds the address, whose owner reads it.
    expect(toTaken.text.startsWith('既存 一郎 様\n\nたびとこのアカウントのメールアドレスを、')).toBe(true);
    expect(toTaken.text).toContain('すでにたびとこのアカウントで使われているため、変更は行われません');
    expect(toTaken.text).not.toContain('token=');
    expect((await deliveredTo(t, inbox, 'enum-b@example.com'))[0].subject).toBe('【たびとこ】メールアドレス変更の申請がありました');
  });

  it('refuses a wrong password, the current address and a malformed one with Japanese messages, storing nothing', async () => {
    const { user, agent } = await createSignedInUser(t, { email: 'refuse@example.com' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'new-refuse@example.com', current_password: 'wrong1234' }, 'current_password', '現在のパスワードが正しくありません'],
      [{ email: 'new-refuse@example.com', current_password: '' }, 'current_password', '現在のパスワードを入力してください'],
      [{ email: 'REFUSE@example.com', current_password: TEST_PASSWORD }, 'email', '現在のメールアドレスと同じです'],
      [{ email: 'not-an-address', current_password: TEST_PASSWORD }, 'email', 'メールアドレスの形式が正しくありません'],
      [{ email: '', current_password: TEST_PASSWORD }, 'email', '新しいメールアドレスを入力してください'],
      [
        { email: `${'a'.repeat(250)}@example.com`, current_password: TEST_PASSWORD },
        'email',
        'メールアドレスは255文字以内で入力してください',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await agent.post('/api/v1/account/email').send(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expectDocumented(res);
      expect(res.body.messages[field]).toEqual([message]);
    }
    expect(await em().count(EmailChange, { accountId: user.id, door: 'user' })).toBe(0);
  });

  it('refuses a cross-site request before anything runs', async () => {
    const { user, agent } = await createSignedInUser(t);
    const res = await agent
      .post('/api/v1/account/email')
      .set('Origin', 'https://evil.example')
      .send({ email: 'csrf@example.com', current_password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(await em().count(EmailChange, { accountId: user.id, door: 'user' })).toBe(0);
  });

  it('limits wrong passwords per account and address like sign-in, without locking the owner out elsewhere', async () => {
    const { agent } = await createSignedInUser(t, { email: 'limit-owner@example.com' });
    const attacker = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await agent
        .post('/api/v1/account/email')
        .set('X-Forwarded-For', attacker)
        .send({ email: 'limit-new@example.com', current_password: 'wrong1234' });
      expect(res.status).toBe(422);
    }
    const blocked = await agent
      .post('/api/v1/account/email')
      .set('X-Forwarded-For', attacker)
      .send({ email: 'limit-new@example.com', current_password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expectDocumented(blocked);
    expect(blocked.body.message).toBe('試行回数が多すぎます。しばらくしてからもう一度お試しください');
    const owner = await agent
      .post('/api/v1/account/email')
      .set('X-Forwarded-For', nextIp())
      .send({ email: 'limit-new@example.com', current_password: TEST_PASSWORD });
    expect(owner.status).toBe(202);
  });

  it('accepts five requests an hour per account, then answers 429 with its own message', async () => {
    const { user, agent } = await createSignedInUser(t);
    for (let i = 1; i <= 5; i++) {
      const res = await agent.post('/api/v1/account/email').send({ email: `hourly${i}@example.com`, current_password: TEST_PASSWORD });
      expect(res.status).toBe(202);
    }
    const sixth = await agent.post('/api/v1/account/email').send({ email: 'hourly6@example.com', current_password: TEST_PASSWORD });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('メールアドレスの変更は1時間に5回までです。しばらくしてからお試しください');
    expect(await em().count(EmailChange, { accountId: user.id, door: 'user' })).toBe(5);
  });
});

describe('DELETE /api/v1/account/email', () => {
  it('cancels the pending change from the settings page: its confirmation link stops working', async () => {
    const { user, agent } = await createSignedInUser(t, { email: 'settings-cancel@example.com' });
    expect(
      (await agent.post('/api/v1/account/email').send({ email: 'settings-new@example.com', current_password: TEST_PASSWORD })).status,
    ).toBe(202);
    const token = await linkToken(t, inbox, 'settings-new@example.com', '/email_change/confirm');
    const res = await agent.delete('/api/v1/account/email');
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ email: 'settings-cancel@example.com', pending: null });
    expect((await request(t.app).post('/api/v1/email_changes/confirm').send({ token })).status).toBe(422);
    expect((await em().findOneOrFail(EmailChange, { accountId: user.id, door: 'user' })).status).toBe('cancelled');
    expect((await request(t.app).delete('/api/v1/account/email')).status).toBe(401);
  });
});

describe('POST /api/v1/email_changes/confirm', () => {
  async function requestChange(from: string, to: string) {
    const { user, agent } = await createSignedInUser(t, { email: from });
    const res = await agent.post('/api/v1/account/email').send({ email: to, current_password: TEST_PASSWORD });
    expect(res.status).toBe(202);
    return { user, agent, token: await linkToken(t, inbox, to, '/email_change/confirm') };
  }

  it('changes the address once: the link is single use, the account counts as verified and the old address is told', async () => {
    const { user, agent, token } = await requestChange('confirm-old@example.com', 'confirm-new@example.com');
    await em().nativeUpdate(User, { id: user.id }, { emailVerifiedAt: null });
    const res = await request(t.app).post('/api/v1/email_changes/confirm').send({ token });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ door: 'user', action: 'confirm', email: 'confirm-new@example.com' });
    const row = await em().findOneOrFail(User, { id: user.id });
    expect(row.email).toBe('confirm-new@example.com');
    expect(row.emailVerifiedAt).not.toBeNull();
    expect((await agent.get('/api/v1/me')).body).toMatchObject({ email: 'confirm-new@example.com', email_verified: true });
    const done = (await deliveredTo(t, inbox, 'confirm-old@example.com')).at(-1)!;
    expect(done.subject).toBe('【たびとこ】メールアドレスが変更されました');
    expect(done.text).toContain('先にお送りした「【たびとこ】メールアドレス変更の申請がありました」のメールのリンクから');
    expect(done.text).toContain(
      'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。\nアカウントの状態（ログイン中の端末など）の確認: http://localhost:3000/account\n\n--\nたびとこ',
    );

    const again = await request(t.app).post('/api/v1/email_changes/confirm').send({ token });
    expect(again.status).toBe(422);
    expectDocumented(again);
    expect(again.body.messages.token).toEqual(['このリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。']);
    // The new address signs in; the old one no longer does.
    expect((await request(t.app).post('/api/v1/sessions').send({ email: 'confirm-new@example.com', password: TEST_PASSWORD })).status).toBe(
      201,
    );
    expect((await request(t.app).post('/api/v1/sessions').send({ email: 'confirm-old@example.com', password: TEST_PASSWORD })).status).toBe(
      401,
    );
  });

  it('refuses an expired link, an altered one and a superseded one, changing nothing', async () => {
    const expired = await requestChange('expired-old@example.com', 'expired-new@example.com');
    await em().nativeUpdate(EmailChange, { accountId: expired.user.id, door: 'user' }, { expiresAt: new Date(Date.now() - 1000) });
    const res = await request(t.app).post('/api/v1/email_changes/confirm').send({ token: expired.token });
    expect(res.status).toBe(422);
    expect((await em().findOneOrFail(User, { id: expired.user.id })).email).toBe('expired-old@example.com');
    expect(
      (
        await request(t.app)
          .post('/api/v1/email_changes/confirm')
          .send({ token: `${expired.token}x` })
      ).status,
    ).toBe(422);

    const first = await requestChange('super-old@example.com', 'super-first@example.com');
    expect(
      (await first.agent.post('/api/v1/account/email').send({ email: 'super-second@example.com', current_password: TEST_PASSWORD })).status,
    ).toBe(202);
    expect((await request(t.app).post('/api/v1/email_changes/confirm').send({ token: first.token })).status).toBe(422);
    const second = await linkToken(t, inbox, 'super-second@example.com', '/email_change/confirm');
    expect((await request(t.app).post('/api/v1/email_changes/confirm').send({ token: second })).status).toBe(200);
    expect((await em().findOneOrFail(User, { id: first.user.id })).email).toBe('super-second@example.com');
  });

  it('refuses when the address was taken after the request, keeping the old address', async () => {
    const { user, token } = await requestChange('race-old@example.com', 'race-new@example.com');
    await createUser(t.orm, { email: 'race-new@example.com' });
    const res = await request(t.app).post('/api/v1/email_changes/confirm').send({ token });
    expect(res.status).toBe(422);
    expect(res.body.messages.token).toEqual(['このメールアドレスは使用できなくなりました。別のメールアドレスでもう一度お手続きください']);
    expect((await em().findOneOrFail(User, { id: user.id })).email).toBe('race-old@example.com');
  });
});
