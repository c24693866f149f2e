// The brand member's own account (/brand/api/v1/account): password change (other portal sessions end, a security
// notice, a mailed reset link voided, limited like the portal's sign-in), the portal sessions list and "sign out
// everywhere else", each on the portal's door only.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, TEST_PASSWORD } from '#tests/factories/users';
import { createBrand } from '#tests/factories/communities';
import { expectDocumented } from './openapi-contract';
import { MEMBER_PASSWORD, createSignableMember } from './brand-portal-helpers';
import { hashToken } from '#src/lib/reset-tokens';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const em = () => t.orm.em.fork();

/** An accepted member of a brand of its own, who signs in with MEMBER_PASSWORD. */
async function createMember(email: string) {
  const brand = await createBrand(t.orm, { name: `${email.split('@')[0]}ブランド` });
  return createSignableMember(t, brand.id, { email });
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PASSWORD_URL = '/brand/api/v1/account/password';
const SESSIONS_URL = '/brand/api/v1/account/sessions';
const ME_URL = '/brand/api/v1/brand-members/me';

/** An agent signed in to the portal from its own address with this User-Agent. */
const portalSignIn = (email: string, userAgent: string, password = MEMBER_PASSWORD) =>
  signedInAgent(t.app, email, password, { door: 'portal', userAgent });

describe('who may call /brand/api/v1/account', () => {
  it('refuses a guest and a marketplace user (even an ADMIN) with 401, counting nothing', async () => {
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    const market = await signedInAgent(t.app, admin.email);
    for (const agent of [request(t.app), market]) {
      const put = await agent.put(PASSWORD_URL).send({ current_password: TEST_PASSWORD, new_password: 'another2026' });
      expect(put.status).toBe(401);
      expectDocumented(put);
      expect(put.body.message).toBe('ログインしてください');
      const list = await agent.get(SESSIONS_URL);
      expect(list.status).toBe(401);
      expectDocumented(list);
      expect((await agent.delete(SESSIONS_URL)).status).toBe(401);
    }
    const counted = await em().execute<{ key: string }[]>(`SELECT key FROM rate_limits WHERE key LIKE 'brand-password-change:%'`);
    expect(counted).toEqual([]);
    // The marketplace's own account page does not open for a brand member either.
    const member = await createMember('doors-apart@example.com');
    const portal = await portalSignIn(member.email, WINDOWS);
    expect((await portal.get('/api/v1/account/sessions')).status).toBe(401);
  });
});

describe('PUT /brand/api/v1/account/password', () => {
  it('needs the right current password; the new one follows the password rules and must differ; nothing changes', async () => {
    const member = await createMember('rules@example.com');
    const agent = await portalSignIn(member.email, WINDOWS);
    const wrong = await agent.put(PASSWORD_URL).send({ current_password: 'wrongpass99', new_password: 'newpass12345' });
    expect(wrong.status).toBe(422);
    expectDocumented(wrong);
    expect(wrong.body.messages).toEqual({ current_password: ['現在のパスワードが正しくありません'] });
    const missing = await agent.put(PASSWORD_URL).send({ new_password: 'newpass12345' });
    expect(missing.body.messages.current_password).toEqual(['現在のパスワードを入力してください']);
    const weak = await agent.put(PASSWORD_URL).send({ current_password: MEMBER_PASSWORD, new_password: 'short' });
    expect(weak.status).toBe(422);
    expect(weak.body.messages.new_password).toContain('8文字以上で入力してください');
    const same = await agent.put(PASSWORD_URL).send({ current_password: MEMBER_PASSWORD, new_password: MEMBER_PASSWORD });
    expect(same.body.messages.new_password).toEqual(['新しいパスワードは現在のパスワードと異なるものにしてください']);
    // The old password still signs in, the session is still there, and no notice was mailed.
    await portalSignIn(member.email, WINDOWS);
    expect((await agent.get(ME_URL)).body.id).toBe(member.id);
    expect(await em().count(MailOutbox, { toAddress: member.email })).toBe(0);
  });

  it('sets the new password, ends the member’s other portal sessions only, voids a reset link and mails a notice', async () => {
    const member = await createMember('change@example.com');
    const another = await createMember('another@example.com');
    const user = await createUser(t.orm, { email: 'change-market@example.com' });
    const phone = await portalSignIn(member.email, IPHONE);
    const laptop = await portalSignIn(member.email, WINDOWS);
    const anotherAgent = await portalSignIn(another.email, WINDOWS);
    // A browser holding both doors' accounts in one session (signed in before the one-door rule): the marketplace
    // account stays when the portal's is signed out.
    const both = await signedInAgent(t.app, user.email);
    await t.pool.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{brandMemberId}', to_jsonb($1::int))::json WHERE sess->>'userId' = $2`,
      [member.id, String(user.id)],
    );
    expect((await both.get(ME_URL)).body.id).toBe(member.id);
    // A reset link mailed earlier.
    const row = await em().findOneOrFail(BrandMember, { id: member.id });
    await em().nativeUpdate(
      BrandMember,
      { id: row.id },
      { resetPasswordTokenHash: hashToken('earlier-link'), resetPasswordSentAt: new Date() },
    );

    const res = await phone.put(PASSWORD_URL).send({ current_password: MEMBER_PASSWORD, new_password: 'brandnew2026' });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ changed: true, signed_out: 2 });
    expect((await phone.get(ME_URL)).body.id).toBe(member.id);
    expect((await laptop.get(ME_URL)).status).toBe(401);
    expect((await both.get(ME_URL)).status).toBe(401);
    expect((await both.get('/api/v1/me')).body.id).toBe(user.id);
    expect((await anotherAgent.get(ME_URL)).body.id).toBe(another.id);

    const old = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .set('X-Forwarded-For', '172.31.0.1')
      .send({ email: member.email, password: MEMBER_PASSWORD });
    expect(old.status).toBe(401);
    await portalSignIn(member.email, WINDOWS, 'brandnew2026');
    const reset = await request(t.app)
      .put('/brand/api/v1/brand-members/password')
      .send({ reset_password_token: 'earlier-link', password: 'thirdpass2026' });
    expect(reset.status).toBe(422);

    const mails = await em().find(MailOutbox, { toAddress: member.email });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('【たびとこ】ブランド管理画面のパスワードが変更されました');
    expect(mails[0].textBody.startsWith('たびとこ ブランド管理画面のアカウントのパスワードが変更されました。\n')).toBe(true);
    expect(mails[0].textBody).toContain('端末: iPhone / Safari');
    expect(mails[0].textBody).toContain('/brand/password_reset_send_mail');
    expect(mails[0].textBody).not.toContain('brandnew2026');
  });

  it('is limited like the portal sign-in: ten wrong passwords from one address stop that address, not the owner elsewhere', async () => {
    const member = await createMember('guess@example.com');
    const agent = await portalSignIn(member.email, WINDOWS);
    const attempt = (address: string, current: string) =>
      agent.put(PASSWORD_URL).set('X-Forwarded-For', address).send({ current_password: current, new_password: 'another2026' });
    for (let i = 0; i < 10; i++) expect((await attempt('172.32.0.1', `wrong${i}pass`)).status).toBe(422);
    const blocked = await attempt('172.32.0.1', MEMBER_PASSWORD);
    expect(blocked.status).toBe(429);
    expectDocumented(blocked);
    expect(blocked.body.message).toBe('試行回数が多すぎます。しばらくしてからもう一度お試しください');
    const elsewhere = await attempt('172.32.0.2', MEMBER_PASSWORD);
    expect(elsewhere.status).toBe(200);
    // The marketplace's counter of the same address is not the portal's.
    const keys = await em().execute<{ key: string }[]>(`SELECT key FROM rate_limits WHERE key LIKE '%172.32.0.1%' ORDER BY key`);
    expect(keys.map((k) => k.key)).toEqual([
      `brand-password-change:email-ip:brand-member:${member.id}|172.32.0.1`,
      'brand-password-change:ip:172.32.0.1',
    ]);
  });
});

describe('GET and DELETE /brand/api/v1/account/sessions', () => {
  it('lists where the member is signed in to the portal, this device first, and signs out every other one', async () => {
    const member = await createMember('devices@example.com');
    const another = await createMember('devices-another@example.com');
    const laptop = await portalSignIn(member.email, WINDOWS);
    const phone = await portalSignIn(member.email, IPHONE);
    const anotherAgent = await portalSignIn(another.email, WINDOWS);
    const list = await phone.get(SESSIONS_URL);
    expect(list.status).toBe(200);
    expectDocumented(list);
    expect(list.body.sessions.map((s: { current: boolean; device: string }) => [s.current, s.device])).toEqual([
      [true, 'iPhone / Safari'],
      [false, 'Windows / Chrome'],
    ]);
    for (const s of list.body.sessions) expect(s.signed_in_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The session ids (the cookie's secret) never leave the server.
    const sids = await em().execute<{ sid: string }[]>(`SELECT sid FROM session`);
    expect(sids.length).toBeGreaterThanOrEqual(3);
    for (const { sid } of sids) expect(JSON.stringify(list.body)).not.toContain(sid);

    const ended = await phone.delete(SESSIONS_URL);
    expect(ended.status).toBe(200);
    expectDocumented(ended);
    expect(ended.body).toEqual({ signed_out: 1 });
    expect((await laptop.get(ME_URL)).status).toBe(401);
    expect((await phone.get(ME_URL)).body.id).toBe(member.id);
    expect((await anotherAgent.get(ME_URL)).body.id).toBe(another.id);
    const after = await phone.get(SESSIONS_URL);
    expect(after.body.sessions).toHaveLength(1);
    expect((await phone.delete(SESSIONS_URL)).body).toEqual({ signed_out: 0 });
  });
});
