// Issue 15 (details): password reset for marketplace users (POST and PUT /api/v1/password_resets): the same answer
// whether or not the address exists, a random single-use token stored as its sha256, one hour, mail through the
// outbox, other sessions end, and the request is rate limited like sign-in.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, TEST_PASSWORD } from '#tests/factories/users';
import { User } from '#src/modules/users/users.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { expectDocumented } from './openapi-contract';
import { GUEST } from '#src/lib/context';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const em = () => t.orm.em.fork();
const INVALID = 'パスワード再設定のリンクが無効か、有効期限が切れています。もう一度メールを送信してください';

async function tokenFromMail(to: string): Promise<string> {
  const mail = await em().findOneOrFail(MailOutbox, { toAddress: to }, { orderBy: { id: 'desc' } });
  const match = mail.textBody.match(/\/password_reset\?reset_password_token=([\w-]+)/);
  if (!match) throw new Error(`no token in ${mail.textBody}`);
  return match[1];
}

describe('POST /api/v1/password_resets', () => {
  it('mails a link to an account; an unknown address gets the same answer and no mail', async () => {
    const user = await createUser(t.orm, { email: 'forgot-user@example.com', name: '忘れた 太郎' });
    const known = await request(t.app).post('/api/v1/password_resets').send({ email: ' Forgot-User@example.com ' });
    expect(known.status).toBe(202);
    expectDocumented(known);
    const mailsBefore = await em().count(MailOutbox, {});
    const unknown = await request(t.app).post('/api/v1/password_resets').send({ email: 'nobody-here@example.com' });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(await em().count(MailOutbox, {})).toBe(mailsBefore);

    const mail = await em().findOneOrFail(MailOutbox, { toAddress: user.email });
    expect(mail.subject).toBe('【たびとこ】パスワード再設定のご案内');
    expect(mail.textBody).toContain('忘れた 太郎様');
    const token = await tokenFromMail(user.email);
    const row = await em().findOneOrFail(User, { id: user.id });
    expect(row.resetPasswordTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(mail.textBody).not.toContain(row.resetPasswordTokenHash);
  });

  it('refuses a malformed address with a Japanese 422 and sends nothing', async () => {
    const before = await em().count(MailOutbox, {});
    const res = await request(t.app).post('/api/v1/password_resets').send({ email: 'not-an-address' });
    expect(res.status).toBe(422);
    expectDocumented(res);
    expect(res.body.messages.email).toEqual(['メールアドレスの形式が正しくありません']);
    expect(await em().count(MailOutbox, {})).toBe(before);
  });

  it('is rate limited per address like sign-in (429 after 10 in 10 minutes)', async () => {
    await createUser(t.orm, { email: 'limited-reset@example.com' });
    for (let i = 0; i < 10; i++) {
      const ok = await request(t.app).post('/api/v1/password_resets').send({ email: 'limited-reset@example.com' });
      expect(ok.status).toBe(202);
    }
    const over = await request(t.app).post('/api/v1/password_resets').send({ email: 'limited-reset@example.com' });
    expect(over.status).toBe(429);
    expectDocumented(over);
    expect(await em().count(MailOutbox, { toAddress: 'limited-reset@example.com' })).toBe(10);
  });
});

describe('PUT /api/v1/password_resets', () => {
  it('sets the new password once, ends the other sessions, and the old password stops working', async () => {
    const user = await createUser(t.orm, { email: 'reset-me@example.com' });
    const elsewhere = await signedInAgent(t.app, user.email);
    await request(t.app).post('/api/v1/password_resets').send({ email: user.email });
    const token = await tokenFromMail(user.email);

    const weak = await request(t.app).put('/api/v1/password_resets').send({ reset_password_token: token, password: 'short1' });
    expect(weak.status).toBe(422);
    expect(weak.body.messages.password).toEqual(['8文字以上で入力してください']);

    const reset = await request(t.app).put('/api/v1/password_resets').send({ reset_password_token: token, password: 'newpass456' });
    expect(reset.status).toBe(200);
    expectDocumented(reset);
    expect((await elsewhere.get('/api/v1/me')).status).toBe(401);
    await signedInAgent(t.app, user.email, 'newpass456');
    const old = await request(t.app).post('/api/v1/sessions').send({ email: user.email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);

    const reused = await request(t.app).put('/api/v1/password_resets').send({ reset_password_token: token, password: 'third789x' });
    expect(reused.status).toBe(422);
    expectDocumented(reused);
    expect(reused.body.messages.reset_password_token).toEqual([INVALID]);
    // A used link: the page says so before asking for a password.
    await expect(t.services.users.checkResetToken(t.services.context(GUEST), { reset_password_token: token })).rejects.toMatchObject({
      status: 422,
      details: { reset_password_token: [INVALID] },
    });
    await signedInAgent(t.app, user.email, 'newpass456');
  });

  it('refuses a tampered, expired, replaced or missing token with the same 422 and keeps the password', async () => {
    const user = await createUser(t.orm, { email: 'late-user@example.com' });
    await request(t.app).post('/api/v1/password_resets').send({ email: user.email });
    const first = await tokenFromMail(user.email);
    await request(t.app).post('/api/v1/password_resets').send({ email: user.email });
    const token = await tokenFromMail(user.email);
    expect(token).not.toBe(first);

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    // The page checks the link before it asks for a password (pages/password_reset/index/+data.ts): the same rule.
    const check = (reset_password_token: string) => t.services.users.checkResetToken(t.services.context(GUEST), { reset_password_token });
    await expect(check(token)).resolves.toEqual({ valid: true });
    for (const bad of [tampered, first, '', 'x'.repeat(201)]) {
      await expect(check(bad), bad).rejects.toMatchObject({ status: 422, details: { reset_password_token: [INVALID] } });
    }
    for (const bad of [tampered, first, '']) {
      const res = await request(t.app).put('/api/v1/password_resets').send({ reset_password_token: bad, password: 'newpass456' });
      expect(res.status, bad).toBe(422);
      expect(res.body.messages.reset_password_token).toEqual([INVALID]);
    }

    const e = em();
    const row = await e.findOneOrFail(User, { id: user.id });
    row.resetPasswordSentAt = new Date(Date.now() - 61 * 60 * 1000);
    await e.flush();
    const expired = await request(t.app).put('/api/v1/password_resets').send({ reset_password_token: token, password: 'newpass456' });
    expect(expired.status).toBe(422);
    expect(expired.body.messages.reset_password_token).toEqual([INVALID]);
    await expect(check(token)).rejects.toMatchObject({ status: 422, details: { reset_password_token: [INVALID] } });
    await signedInAgent(t.app, user.email);
  });
});
