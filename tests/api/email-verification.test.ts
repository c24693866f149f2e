// The sign-up address check: the link mailed at sign-up (single use, 72 hours, only the hash stored), booking
// refused until it is opened (403 with a Japanese message, nothing held), the resend (limited), and the accounts
// that count as verified (made before the check existed, the operator's, a confirmed address change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { startSmtpInbox, type Received } from '#tests/setup/smtp-inbox';
import { expectDocumented } from './openapi-contract';
import { deliveredTo, linkToken } from './email-change-helpers';
import { User } from '#src/modules/users/users.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { operator } from '#src/lib/context';

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
const REQUIRED = 'ご予約の前に、メールアドレスの確認が必要です。登録したメールアドレスに届いたリンクを開いてください';
let ip = 0;

async function signUp(email: string) {
  const agent = request.agent(t.app);
  ip += 1;
  const res = await agent
    .post('/api/v1/users')
    .set('X-Forwarded-For', `172.31.0.${ip}`)
    .send({ name: '確認 太郎', email, password: 'abcd1234', agree_terms: true });
  expect(res.status).toBe(201);
  expect(res.body.email_verified).toBe(false);
  return agent;
}

async function book(agent: ReturnType<typeof request.agent>) {
  const experience = await createExperience(t.orm, { title: '確認のあとで予約', price: 3000 });
  const calendar = await createCalendar(t.orm, experience.id);
  return agent.post('/api/v1/reservations').send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
}

describe('the sign-up verification link', () => {
  it('is mailed at sign-up; until it is opened the booking is refused with 403 and nothing is held', async () => {
    const agent = await signUp('verify-me@example.com');
    const [mail] = await deliveredTo(t, inbox, 'verify-me@example.com');
    expect(mail.subject).toBe('【たびとこ】メールアドレスの確認');
    expect(mail.text).toContain('確認 太郎 様');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/email_verification\?token=[\w-]{43}/);
    // The address is not confirmed yet: no account link, the signature ends the mail.
    expect(mail.text).not.toContain('/account');
    expect(mail.text.trimEnd().endsWith('このメールを破棄してください。\n\n--\nたびとこ\nhttp://localhost:3000')).toBe(true);
    const user = await em().findOneOrFail(User, { email: 'verify-me@example.com' });
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.emailVerifyTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const refused = await book(agent);
    expect(refused.status).toBe(403);
    expectDocumented(refused);
    expect(refused.body.message).toBe(REQUIRED);
    expect(await em().count(Reservation, { user: user.id })).toBe(0);
    // Browsing and the session go on.
    expect((await agent.get('/api/v1/me')).body).toMatchObject({ email: 'verify-me@example.com', email_verified: false });

    const token = await linkToken(t, inbox, 'verify-me@example.com', '/email_verification');
    const verified = await request(t.app).post('/api/v1/email_verification').send({ token });
    expect(verified.status).toBe(200);
    expectDocumented(verified);
    expect(verified.body).toEqual({ verified: true });
    expect((await agent.get('/api/v1/me')).body.email_verified).toBe(true);
    expect((await book(agent)).status).toBe(201);

    const again = await request(t.app).post('/api/v1/email_verification').send({ token });
    expect(again.status).toBe(422);
    expect(again.body.messages.token).toEqual([
      'このリンクは無効か、有効期限が切れています。確認メールはアカウント設定や予約画面から再送できます。',
    ]);
  });

  it('expires after 72 hours', async () => {
    await signUp('verify-late@example.com');
    const token = await linkToken(t, inbox, 'verify-late@example.com', '/email_verification');
    await em().nativeUpdate(
      User,
      { email: 'verify-late@example.com' },
      { emailVerifySentAt: new Date(Date.now() - 72 * 3600 * 1000 - 1000) },
    );
    expect((await request(t.app).post('/api/v1/email_verification').send({ token })).status).toBe(422);
    expect((await em().findOneOrFail(User, { email: 'verify-late@example.com' })).emailVerifiedAt).toBeNull();
  });

  it('resends a new link (the previous one stops working) three times an hour, then answers 429', async () => {
    const agent = await signUp('verify-resend@example.com');
    const first = await linkToken(t, inbox, 'verify-resend@example.com', '/email_verification');
    for (let i = 0; i < 3; i++) {
      const res = await agent.post('/api/v1/email_verification/resend');
      expect(res.status).toBe(202);
      expectDocumented(res);
      expect(res.body).toEqual({ sent: true });
    }
    const fourth = await agent.post('/api/v1/email_verification/resend');
    expect(fourth.status).toBe(429);
    expectDocumented(fourth);
    expect(fourth.body.message).toBe('確認メールの再送は1時間に3回までです。しばらくしてからお試しください');
    expect(await deliveredTo(t, inbox, 'verify-resend@example.com')).toHaveLength(4);
    expect((await request(t.app).post('/api/v1/email_verification').send({ token: first })).status).toBe(422);
    const latest = await linkToken(t, inbox, 'verify-resend@example.com', '/email_verification');
    expect((await request(t.app).post('/api/v1/email_verification').send({ token: latest })).status).toBe(200);
    // A verified address needs no more links.
    const done = await agent.post('/api/v1/email_verification/resend');
    expect(done.status).toBe(422);
    expect(done.body.messages.base).toEqual(['メールアドレスは確認済みです。']);
    expect((await request(t.app).post('/api/v1/email_verification/resend')).status).toBe(401);
  });

  it('counts an operator-made admin and a confirmed address change as verified', async () => {
    const { actor } = await t.services.users.createAdmin(t.services.context(operator('test')), {
      name: '管理 太郎',
      email: 'made-admin@example.com',
      password: 'abcd1234',
    });
    expect((await em().findOneOrFail(User, { id: actor.id })).emailVerifiedAt).not.toBeNull();

    const unverified = await createUser(t.orm, { email: 'change-verifies@example.com', verified: false });
    const agent = await signedInAgent(t.app, unverified.email);
    expect(
      (await agent.post('/api/v1/account/email').send({ email: 'changed-verified@example.com', current_password: 'password1234' })).status,
    ).toBe(202);
    const token = await linkToken(t, inbox, 'changed-verified@example.com', '/email_change/confirm');
    expect((await request(t.app).post('/api/v1/email_changes/confirm').send({ token })).status).toBe(200);
    expect((await agent.get('/api/v1/me')).body.email_verified).toBe(true);
  });
});
