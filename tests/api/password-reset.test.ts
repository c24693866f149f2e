// Details: password reset for marketplace users (POST and PUT /api/v1/password_resets): the same answer
// whether or not the address exists, a random single-use token stored as its sha256, one hour, mail through the
// outbox, other sessions end. The request is answered before any lookup (the worker's job mails), only an IP past its
// limit gets a 429, and an address gets at most 3 reset mails an hour.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, TEST_PASSWORD } from '#tests/factories/users';
import { User } from '#src/modules/users/users.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { expectDocumented } from './openapi-contract';
import { GUEST } from '#src/lib/context';
import { createBrand } from '#tests/factories/communities';
import { createSignableMember } from './brand-portal-helpers';

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

/** Asks for a reset mail as a browser would, then runs the worker's job (the answer never waits for the mail). */
async function requestReset(email: string, ip = '10.9.0.1') {
  const res = await request(t.app).post('/api/v1/password_resets').set('X-Forwarded-For', ip).send({ email });
  await t.services.passwordResets.deliverDue();
  return res;
}

const resetMails = (to: string) => em().count(MailOutbox, { toAddress: to, subject: '【たびとこ】パスワード再設定のご案内' });

describe('POST /api/v1/password_resets', () => {
  it('answers a registered and an unknown address alike, before any lookup; the worker mails the account only', async () => {
    const user = await createUser(t.orm, { email: 'forgot-user@example.com', name: '忘れた 太郎' });
    const mailsBefore = await em().count(MailOutbox, {});
    const known = await request(t.app).post('/api/v1/password_resets').send({ email: ' Forgot-User@example.com ' });
    const unknown = await request(t.app).post('/api/v1/password_resets').send({ email: 'nobody-here@example.com' });
    expect(known.status).toBe(202);
    expectDocumented(known);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ sent: true });
    // The answers waited for nothing: no token and no mail yet; both requests are recorded for the worker alike.
    expect(await em().count(MailOutbox, {})).toBe(mailsBefore);
    expect((await em().findOneOrFail(User, { id: user.id })).resetPasswordTokenHash ?? null).toBeNull();
    const queued = await t.pool.query('SELECT door, email FROM password_reset_requests ORDER BY id');
    expect(queued.rows).toEqual([
      { door: 'user', email: 'forgot-user@example.com' },
      { door: 'user', email: 'nobody-here@example.com' },
    ]);

    expect(await t.services.passwordResets.deliverDue()).toBe(2);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM password_reset_requests')).rows[0].n).toBe(0);
    expect(await em().count(MailOutbox, {})).toBe(mailsBefore + 1);
    const mail = await em().findOneOrFail(MailOutbox, { toAddress: user.email });
    expect(mail.subject).toBe('【たびとこ】パスワード再設定のご案内');
    expect(mail.textBody.startsWith('忘れた 太郎 様\n\nたびとこのパスワード再設定を受け付けました。\n')).toBe(true);
    // The expiry as every mail writes a time: the date with its weekday, the hour in two digits (Japan time).
    expect(mail.textBody).toMatch(/\nこのリンクの有効期限は\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\) \d{2}:\d{2}までです。/);
    const token = await tokenFromMail(user.email);
    const row = await em().findOneOrFail(User, { id: user.id });
    expect(row.resetPasswordTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(mail.textBody).not.toContain(row.resetPasswordTokenHash);
  });

  it('refuses a malformed address with a Japanese 422 and records nothing', async () => {
    const before = await em().count(MailOutbox, {});
    const res = await request(t.app).post('/api/v1/password_resets').send({ email: 'not-an-address' });
    expect(res.status).toBe(422);
    expectDocumented(res);
    expect(res.body.messages.email).toEqual(['メールアドレスの形式が正しくありません']);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM password_reset_requests')).rows[0].n).toBe(0);
    expect(await em().count(MailOutbox, {})).toBe(before);
  });

  it('never locks the owner out: requests from many IPs all get 202, and the address gets 3 mails an hour at most', async () => {
    const user = await createUser(t.orm, { email: 'targeted@example.com' });
    for (let i = 0; i < 12; i++) {
      const res = await requestReset(user.email, `10.9.1.${i}`);
      expect(res.status, `request ${i}`).toBe(202);
    }
    expect(await resetMails(user.email)).toBe(3);
    const lastMailed = await tokenFromMail(user.email);
    // The owner, from their own address, is still answered; no fourth mail, so the last link mailed still works.
    const owner = await requestReset(user.email, '10.9.2.1');
    expect(owner.status).toBe(202);
    expect(owner.body).toEqual({ sent: true });
    expect(await resetMails(user.email)).toBe(3);
    const reset = await request(t.app).put('/api/v1/password_resets').send({ reset_password_token: lastMailed, password: 'ownerpass9' });
    expect(reset.status).toBe(200);
    await signedInAgent(t.app, user.email, 'ownerpass9');
  });

  it('answers 429 only to an IP past 30 requests in 10 minutes, whatever the address; other IPs are still heard', async () => {
    await createUser(t.orm, { email: 'limited-reset@example.com' });
    for (let i = 0; i < 30; i++) {
      const ok = await request(t.app)
        .post('/api/v1/password_resets')
        .set('X-Forwarded-For', '10.9.3.1')
        .send({ email: `any-${i}@example.com` });
      expect(ok.status).toBe(202);
    }
    const over = await request(t.app)
      .post('/api/v1/password_resets')
      .set('X-Forwarded-For', '10.9.3.1')
      .send({ email: 'limited-reset@example.com' });
    expect(over.status).toBe(429);
    expectDocumented(over);
    expect(over.body.message).toBe('試行回数が多すぎます。しばらくしてからもう一度お試しください');
    const elsewhere = await requestReset('limited-reset@example.com', '10.9.3.2');
    expect(elsewhere.status).toBe(202);
    expect(await resetMails('limited-reset@example.com')).toBe(1);
  });

  it('drops a request whose handling fails (logged) and still handles the ones after it', async () => {
    const failing = await createUser(t.orm, { email: 'cannot-save@example.com' });
    const fine = await createUser(t.orm, { email: 'after-failure@example.com' });
    // The test's own database refuses a token for the first account, so its handling fails at the flush.
    await t.pool.query(`ALTER TABLE users ADD CONSTRAINT test_no_token CHECK (id <> ${failing.id} OR reset_password_token_hash IS NULL)`);
    try {
      for (const email of [failing.email, fine.email]) {
        expect((await request(t.app).post('/api/v1/password_resets').set('X-Forwarded-For', '10.9.6.1').send({ email })).status).toBe(202);
      }
      expect(await t.services.passwordResets.deliverDue()).toBe(2);
    } finally {
      await t.pool.query('ALTER TABLE users DROP CONSTRAINT test_no_token');
    }
    expect(await resetMails(failing.email)).toBe(0);
    expect(await resetMails(fine.email)).toBe(1);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM password_reset_requests')).rows[0].n).toBe(0);
  });

  it('has the same rule on the brand portal (one rule for both doors)', async () => {
    for (let i = 0; i < 30; i++) {
      const ok = await request(t.app)
        .post('/brand/api/v1/brand-members/password')
        .set('X-Forwarded-For', '10.9.4.1')
        .send({ email: `member-${i}@example.com` });
      expect(ok.status).toBe(202);
    }
    const over = await request(t.app)
      .post('/brand/api/v1/brand-members/password')
      .set('X-Forwarded-For', '10.9.4.1')
      .send({ email: 'x@example.com' });
    expect(over.status).toBe(429);
    await t.services.passwordResets.deliverDue({ limit: 100 });

    const brand = await createBrand(t.orm);
    const member = await createSignableMember(t, brand.id, { email: 'portal-target@example.com' });
    for (let i = 0; i < 6; i++) {
      const res = await request(t.app)
        .post('/brand/api/v1/brand-members/password')
        .set('X-Forwarded-For', `10.9.5.${i}`)
        .send({ email: member.email });
      expect(res.status).toBe(202);
      await t.services.passwordResets.deliverDue();
    }
    expect(await em().count(MailOutbox, { toAddress: member.email })).toBe(3);
  });
});

describe('PUT /api/v1/password_resets', () => {
  it('sets the new password once, ends the other sessions, and the old password stops working', async () => {
    const user = await createUser(t.orm, { email: 'reset-me@example.com' });
    const elsewhere = await signedInAgent(t.app, user.email);
    await requestReset(user.email);
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
    await requestReset(user.email);
    const first = await tokenFromMail(user.email);
    await requestReset(user.email);
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
