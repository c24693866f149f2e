// Brand portal accounts: sign-in and its rate limit, sessions kept apart from
// the marketplace's, sign-out, invitation acceptance and password reset with their tokens.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createBrand } from '#tests/factories/communities';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { GUEST } from '#src/lib/context';
import { MEMBER_PASSWORD, createSignableMember, portalAgent } from './brand-portal-helpers';

let t: TestApp;
let brandId: number;
beforeAll(async () => {
  t = await setupTestApp();
  brandId = (await createBrand(t.orm, { name: 'あおば食品' })).id;
});

const em = () => t.orm.em.fork();
const INVALID = 'メールアドレスまたはパスワードが正しくありません';

/** The session row's id inside a `sid=…` cookie ("s:" + id + "." + signature, URL-encoded). */
function sessionIdOf(cookie: string): string {
  return decodeURIComponent(cookie.replace(/^sid=/, ''))
    .replace(/^s:/, '')
    .replace(/\.[^.]*$/, '');
}

function sidOf(res: request.Response): string | undefined {
  const cookies = res.headers['set-cookie'] as unknown as string[] | undefined;
  return cookies?.find((c) => c.startsWith('sid='))?.split(';')[0];
}

/** The token of the newest mail to `to` that carries `param=…`. */
async function tokenFromMail(to: string, param: string): Promise<string> {
  const mail = await em().findOneOrFail(MailOutbox, { toAddress: to }, { orderBy: { id: 'desc' } });
  const match = mail.textBody.match(new RegExp(`${param}=([\\w-]+)`));
  if (!match) throw new Error(`no ${param} in ${mail.textBody}`);
  return match[1];
}

async function invite(email: string): Promise<string> {
  const admin = await createUser(t.orm, { role: 'ADMIN' });
  const agent = await signedInAgent(t.app, admin.email);
  const res = await agent.post(`/api/v1/brands/${brandId}/members/invitation`).send({ email });
  expect(res.status).toBe(201);
  return tokenFromMail(email, 'invitation_token');
}

describe('POST /brand/api/v1/brand-members/sign-in', () => {
  it('signs a member in with a new session id and answers me; wrong password and unknown address get the same 401', async () => {
    const member = await createSignableMember(t, brandId, { email: 'staff1@example.com' });
    const agent = request.agent(t.app);
    // A session that already exists (a marketplace visitor's) gets a new id at sign-in.
    const user = await createUser(t.orm);
    const before = await agent.post('/api/v1/sessions').send({ email: user.email, password: 'password1234' });
    const ok = await agent.post('/brand/api/v1/brand-members/sign-in').send({ email: 'STAFF1@example.com ', password: MEMBER_PASSWORD });
    expect(ok.status).toBe(201);
    expect(sidOf(ok)).toBeDefined();
    expect(sidOf(ok)).not.toBe(sidOf(before));
    expect(ok.body).toMatchObject({ id: member.id, email: 'staff1@example.com', invitation_accepted: true, brand_id: brandId });
    expect(ok.body.brand).toMatchObject({ id: brandId, name: 'あおば食品' });
    const me = await agent.get('/brand/api/v1/brand-members/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(member.id);

    const wrong = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .send({ email: 'staff1@example.com', password: 'wrongpass1' });
    const unknown = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .send({ email: 'nobody@example.com', password: 'wrongpass1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, message: INVALID, messages: { base: [INVALID] } });
      expect(sidOf(res)).toBeUndefined();
    }
  });

  it('refuses a member whose invitation is pending (no password yet) with the same 401', async () => {
    await invite('pending@example.com');
    const res = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .send({ email: 'pending@example.com', password: 'anything1' });
    expect(res.status).toBe(401);
    expect(res.body.messages.base).toEqual([INVALID]);
  });

  it('answers 422 with the spec messages for a malformed address or a missing password', async () => {
    const bad = await request(t.app).post('/brand/api/v1/brand-members/sign-in').send({ email: 'not-an-email', password: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body.messages.email).toEqual(['メールアドレスの形式が正しくありません']);
    const noPassword = await request(t.app).post('/brand/api/v1/brand-members/sign-in').send({ email: 'a@example.com' });
    expect(noPassword.status).toBe(422);
    expect(noPassword.body.messages.password).toEqual(['パスワードを入力してください']);
    // An empty password (the form submitted as it is) is asked for, not measured against the new-password rule.
    const empty = await request(t.app).post('/brand/api/v1/brand-members/sign-in').send({ email: 'a@example.com', password: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.messages).toEqual({ password: ['パスワードを入力してください'] });
  });

  it('limits attempts per e-mail address (429 after 10 in 10 minutes, even with the right password)', async () => {
    await createSignableMember(t, brandId, { email: 'limited@example.com' });
    for (let i = 0; i < 10; i++) {
      const res = await request(t.app)
        .post('/brand/api/v1/brand-members/sign-in')
        .send({ email: 'limited@example.com', password: 'wrongpass1' });
      expect(res.status).toBe(401);
    }
    const blocked = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .send({ email: 'limited@example.com', password: MEMBER_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.messages.base).toEqual(['試行回数が多すぎます。しばらくしてからもう一度お試しください']);
    // Another address from the same client is not blocked by that counter.
    await createSignableMember(t, brandId, { email: 'other-limit@example.com' });
    const other = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .send({ email: 'other-limit@example.com', password: MEMBER_PASSWORD });
    expect(other.status).toBe(201);
  });

  it('limits attempts per client address (429 after 30 in 10 minutes, whatever the addresses tried)', async () => {
    const from = (email: string) =>
      request(t.app)
        .post('/brand/api/v1/brand-members/sign-in')
        .set('X-Forwarded-For', '192.0.2.77')
        .send({ email, password: 'wrongpass1' });
    for (let i = 0; i < 30; i++) expect((await from(`spray${i}@example.com`)).status).toBe(401);
    const blocked = await from('spray-last@example.com');
    expect(blocked.status).toBe(429);
    // Another client is not blocked.
    const other = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .set('X-Forwarded-For', '192.0.2.78')
      .send({ email: 'spray-last@example.com', password: 'wrongpass1' });
    expect(other.status).toBe(401);
  });

  it('refuses a sign-in sent by another site (403)', async () => {
    await createSignableMember(t, brandId, { email: 'csrf@example.com' });
    const res = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .set('Origin', 'https://evil.example.com')
      .send({ email: 'csrf@example.com', password: MEMBER_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.messages.base).toEqual(['別のサイトからのリクエストは受け付けられません']);
  });
});

describe('portal and marketplace sessions never stand in for each other', () => {
  it('a marketplace ADMIN is signed out in the portal, a brand member is signed out in the marketplace', async () => {
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    const adminAgent = await signedInAgent(t.app, admin.email);
    for (const url of ['/brand/api/v1/brand-members/me', '/brand/api/v1/communities', '/brand/api/v1/brand-members']) {
      const res = await adminAgent.get(url);
      expect(res.status, url).toBe(401);
      expect(res.body.messages.base).toEqual(['ログインしてください']);
    }
    const member = await createSignableMember(t, brandId, { email: 'apart@example.com' });
    const memberAgent = await portalAgent(t, member.email);
    expect((await memberAgent.get('/api/v1/me')).status).toBe(401);
    expect((await memberAgent.get('/api/v1/admin/communities')).status).toBe(401);
  });

  it('a sign-in on either door starts a fresh session holding only that account: a planted session never carries over', async () => {
    const attacker = await createUser(t.orm);
    const attackerMember = await createSignableMember(t, brandId, { email: 'planter@example.com' });
    const victim = await createUser(t.orm);
    const victimMember = await createSignableMember(t, brandId, { email: 'victim@example.com' });
    // The attacker's session (their marketplace account and their portal account) planted in the victim's browser.
    const planted = request.agent(t.app);
    await planted.post('/brand/api/v1/brand-members/sign-in').send({ email: attackerMember.email, password: MEMBER_PASSWORD });
    const cookie = sidOf(await planted.post('/api/v1/sessions').send({ email: attacker.email, password: 'password1234' }));
    expect(cookie).toBeDefined();
    await t.pool.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{brandMemberId}', to_jsonb($1::int))::json WHERE sid = $2`, [
      attackerMember.id,
      sessionIdOf(cookie ?? ''),
    ]);
    expect(
      (
        await request(t.app)
          .get('/brand/api/v1/brand-members/me')
          .set('Cookie', cookie ?? '')
      ).body.id,
    ).toBe(attackerMember.id);

    // The victim signs in to the marketplace with the planted cookie: the attacker's portal account is gone.
    const market = await request(t.app)
      .post('/api/v1/sessions')
      .set('Cookie', cookie ?? '')
      .send({ email: victim.email, password: 'password1234' });
    expect(market.status).toBe(201);
    const afterMarket = sidOf(market) ?? '';
    expect((await request(t.app).get('/api/v1/me').set('Cookie', afterMarket)).body.id).toBe(victim.id);
    expect((await request(t.app).get('/brand/api/v1/brand-members/me').set('Cookie', afterMarket)).status).toBe(401);
    // The planted cookie itself names no session any more.
    expect(
      (
        await request(t.app)
          .get('/brand/api/v1/brand-members/me')
          .set('Cookie', cookie ?? '')
      ).status,
    ).toBe(401);

    // The same through the portal's door: the planted marketplace account is gone after the victim's portal sign-in.
    const planted2 = request.agent(t.app);
    const cookie2 = sidOf(await planted2.post('/api/v1/sessions').send({ email: attacker.email, password: 'password1234' }));
    const portal = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .set('Cookie', cookie2 ?? '')
      .send({ email: victimMember.email, password: MEMBER_PASSWORD });
    expect(portal.status).toBe(201);
    const afterPortal = sidOf(portal) ?? '';
    expect((await request(t.app).get('/brand/api/v1/brand-members/me').set('Cookie', afterPortal)).body.id).toBe(victimMember.id);
    expect((await request(t.app).get('/api/v1/me').set('Cookie', afterPortal)).status).toBe(401);
  });

  it('signing out of one door never ends the other: marketplace sign-out keeps the portal, and the reverse', async () => {
    const user = await createUser(t.orm);
    const member = await createSignableMember(t, brandId, { email: 'both@example.com' });
    // Signed in to the portal only: the marketplace's sign-out leaves the portal signed in.
    const portalOnly = await portalAgent(t, member.email);
    expect((await portalOnly.delete('/api/v1/sessions')).status).toBe(204);
    expect((await portalOnly.get('/brand/api/v1/brand-members/me')).body.id).toBe(member.id);
    // Signed in to the marketplace only: the portal's sign-out leaves the marketplace signed in.
    const marketOnly = await signedInAgent(t.app, user.email);
    expect((await marketOnly.delete('/brand/api/v1/brand-members/sign-out')).status).toBe(204);
    expect((await marketOnly.get('/api/v1/me')).body.id).toBe(user.id);

    // A session holding both accounts (signed in before this rule): each sign-out ends its own door only.
    for (const door of ['market', 'portal'] as const) {
      const agent = request.agent(t.app);
      const res = await agent.post('/api/v1/sessions').send({ email: user.email, password: 'password1234' });
      await t.pool.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{brandMemberId}', to_jsonb($1::int))::json WHERE sid = $2`, [
        member.id,
        sessionIdOf(sidOf(res) ?? ''),
      ]);
      if (door === 'market') {
        expect((await agent.delete('/api/v1/sessions')).status).toBe(204);
        expect((await agent.get('/api/v1/me')).status).toBe(401);
        expect((await agent.get('/brand/api/v1/brand-members/me')).body.id).toBe(member.id);
      } else {
        expect((await agent.delete('/brand/api/v1/brand-members/sign-out')).status).toBe(204);
        expect((await agent.get('/brand/api/v1/brand-members/me')).status).toBe(401);
        expect((await agent.get('/api/v1/me')).body.id).toBe(user.id);
      }
    }
  });

  it('sign-out ends the portal session (401 afterwards)', async () => {
    const member = await createSignableMember(t, brandId, { email: 'bye@example.com' });
    const agent = await portalAgent(t, member.email);
    expect((await agent.delete('/brand/api/v1/brand-members/sign-out')).status).toBe(204);
    const after = await agent.get('/brand/api/v1/brand-members/me');
    expect(after.status).toBe(401);
  });

  it('a session whose member was deleted is signed out', async () => {
    const member = await createSignableMember(t, brandId, { email: 'gone@example.com' });
    const agent = await portalAgent(t, member.email);
    const e = em();
    e.remove(await e.findOneOrFail(BrandMember, { id: member.id }));
    await e.flush();
    expect((await agent.get('/brand/api/v1/brand-members/me')).status).toBe(401);
  });
});

describe('PUT /brand/api/v1/brand-members/invitation (the first password)', () => {
  it('sets the password with the mailed token, marks the invitation accepted, and the member can sign in', async () => {
    const token = await invite('newcomer@example.com');
    const check = await request(t.app)
      .get('/brand/api/v1/brand-members/invitation')
      .query({ email: 'newcomer@example.com', invitation_token: token });
    expect(check.status).toBe(200);
    expect(check.body.invitation_accepted).toBe(false);
    const res = await request(t.app)
      .put('/brand/api/v1/brand-members/invitation')
      .send({ email: 'newcomer@example.com', invitation_token: token, password: 'firstpass1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'newcomer@example.com', invitation_accepted: true, brand_id: brandId });
    expect(res.body.invitation_accepted_at).toEqual(expect.any(String));
    const row = await em().findOneOrFail(BrandMember, { email: 'newcomer@example.com' });
    expect(row.invitationTokenHash).toBeNull();
    await portalAgent(t, 'newcomer@example.com', 'firstpass1');
  });

  it('refuses weak passwords with the spec messages and keeps the invitation usable', async () => {
    const token = await invite('weak@example.com');
    const cases: [string, string][] = [
      ['short1', '8文字以上で入力してください'],
      ['onlyletters', '英字と数字をそれぞれ1文字以上含めてください'],
      ['12345678', '英字と数字をそれぞれ1文字以上含めてください'],
    ];
    for (const [password, message] of cases) {
      const res = await request(t.app)
        .put('/brand/api/v1/brand-members/invitation')
        .send({ email: 'weak@example.com', invitation_token: token, password });
      expect(res.status, password).toBe(422);
      expect(res.body.messages.password, password).toEqual([message]);
    }
    const row = await em().findOneOrFail(BrandMember, { email: 'weak@example.com' });
    expect(row.invitationAccepted).toBe(false);
    const ok = await request(t.app)
      .put('/brand/api/v1/brand-members/invitation')
      .send({ email: 'weak@example.com', invitation_token: token, password: 'goodpass1' });
    expect(ok.status).toBe(200);
  });

  it('refuses a reused, expired, tampered or unknown token and a wrong address with one Japanese 422, changing nothing', async () => {
    const message = '招待リンクが無効か、有効期限が切れています';
    const used = await invite('used@example.com');
    expect(
      (
        await request(t.app)
          .put('/brand/api/v1/brand-members/invitation')
          .send({ email: 'used@example.com', invitation_token: used, password: 'firstpass1' })
      ).status,
    ).toBe(200);

    const expired = await invite('expired@example.com');
    const e = em();
    const expiredRow = await e.findOneOrFail(BrandMember, { email: 'expired@example.com' });
    expiredRow.invitationCreatedAt = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await e.flush();

    const fresh = await invite('fresh@example.com');
    const tampered = `${fresh.slice(0, -2)}${fresh.endsWith('AA') ? 'BB' : 'AA'}`;
    const cases: [string, Record<string, unknown>][] = [
      ['reused', { email: 'used@example.com', invitation_token: used, password: 'secondpass2' }],
      ['expired', { email: 'expired@example.com', invitation_token: expired, password: 'firstpass1' }],
      ['tampered', { email: 'fresh@example.com', invitation_token: tampered, password: 'firstpass1' }],
      ['wrong e-mail', { email: 'someone-else@example.com', invitation_token: fresh, password: 'firstpass1' }],
      ['unknown', { email: 'fresh@example.com', invitation_token: 'no-such-token', password: 'firstpass1' }],
      ['missing', { email: 'fresh@example.com', password: 'firstpass1' }],
    ];
    for (const [name, body] of cases) {
      const res = await request(t.app).put('/brand/api/v1/brand-members/invitation').send(body);
      expect(res.status, name).toBe(422);
      expect(res.body.messages.invitation_token, name).toEqual([message]);
    }
    // The reused token did not change the password; the fresh invitation still works.
    await portalAgent(t, 'used@example.com', 'firstpass1');
    expect((await em().findOneOrFail(BrandMember, { email: 'expired@example.com' })).invitationAccepted).toBe(false);
    expect(
      (
        await request(t.app)
          .put('/brand/api/v1/brand-members/invitation')
          .send({ email: 'fresh@example.com', invitation_token: fresh, password: 'firstpass1' })
      ).status,
    ).toBe(200);
  });
});

describe('password reset (POST and PUT /brand/api/v1/brand-members/password)', () => {
  it('mails a single-use link to a member; the same answer and no mail for an unknown address', async () => {
    await createSignableMember(t, brandId, { email: 'forgot@example.com' });
    const elsewhere = await portalAgent(t, 'forgot@example.com');
    const mailsBefore = await em().count(MailOutbox, {});
    const known = await request(t.app).post('/brand/api/v1/brand-members/password').send({ email: 'forgot@example.com' });
    const unknown = await request(t.app).post('/brand/api/v1/brand-members/password').send({ email: 'stranger@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    // The answer waited for nothing: no lookup, token or mail yet, only the two requests recorded for the worker.
    expect(await em().count(MailOutbox, {})).toBe(mailsBefore);
    expect((await em().findOneOrFail(BrandMember, { email: 'forgot@example.com' })).resetPasswordTokenHash ?? null).toBeNull();
    const queued = await t.pool.query('SELECT door, email FROM password_reset_requests ORDER BY id');
    expect(queued.rows).toEqual([
      { door: 'brand', email: 'forgot@example.com' },
      { door: 'brand', email: 'stranger@example.com' },
    ]);
    expect(await t.services.passwordResets.deliverDue()).toBe(2);
    expect(await em().count(MailOutbox, {})).toBe(mailsBefore + 1);
    expect(await em().count(MailOutbox, { toAddress: 'stranger@example.com' })).toBe(0);

    const token = await tokenFromMail('forgot@example.com', 'reset_password_token');
    const row = await em().findOneOrFail(BrandMember, { email: 'forgot@example.com' });
    expect(row.resetPasswordTokenHash).toBe(createHash('sha256').update(token).digest('hex'));

    // The page checks the link before it asks for a password (pages/brand/password_reset/+data.ts).
    const check = (reset_password_token: string) =>
      t.services.brandMembers.checkResetToken(t.services.context(GUEST), { reset_password_token });
    await expect(check(token)).resolves.toEqual({ valid: true });

    const weak = await request(t.app).put('/brand/api/v1/brand-members/password').send({ reset_password_token: token, password: 'short1' });
    expect(weak.status).toBe(422);
    expect(weak.body.messages.password).toEqual(['8文字以上で入力してください']);

    const reset = await request(t.app)
      .put('/brand/api/v1/brand-members/password')
      .send({ reset_password_token: token, password: 'newpass456' });
    expect(reset.status).toBe(200);
    // The member's sessions on other devices end with the old password.
    expect((await elsewhere.get('/brand/api/v1/brand-members/me')).status).toBe(401);
    await portalAgent(t, 'forgot@example.com', 'newpass456');
    const old = await request(t.app)
      .post('/brand/api/v1/brand-members/sign-in')
      .send({ email: 'forgot@example.com', password: MEMBER_PASSWORD });
    expect(old.status).toBe(401);

    const reused = await request(t.app)
      .put('/brand/api/v1/brand-members/password')
      .send({ reset_password_token: token, password: 'third789x' });
    expect(reused.status).toBe(422);
    expect(reused.body.messages.reset_password_token).toEqual([
      'パスワード再設定のリンクが無効か、有効期限が切れています。もう一度メールを送信してください',
    ]);
    // A used link is refused by the page's check too, before any password is typed.
    await expect(check(token)).rejects.toMatchObject({
      status: 422,
      details: { reset_password_token: ['パスワード再設定のリンクが無効か、有効期限が切れています。もう一度メールを送信してください'] },
    });
    await expect(check('')).rejects.toMatchObject({ status: 422 });
    await portalAgent(t, 'forgot@example.com', 'newpass456');
  });

  it('refuses an expired or tampered token (422) and a malformed address (422), changing nothing', async () => {
    await createSignableMember(t, brandId, { email: 'late@example.com' });
    await request(t.app).post('/brand/api/v1/brand-members/password').send({ email: 'late@example.com' });
    await t.services.passwordResets.deliverDue();
    const token = await tokenFromMail('late@example.com', 'reset_password_token');
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await request(t.app)
      .put('/brand/api/v1/brand-members/password')
      .send({ reset_password_token: tampered, password: 'newpass456' });
    expect(bad.status).toBe(422);
    expect(bad.body.messages.reset_password_token).toBeDefined();

    const e = em();
    const row = await e.findOneOrFail(BrandMember, { email: 'late@example.com' });
    row.resetPasswordSentAt = new Date(Date.now() - 61 * 60 * 1000);
    await e.flush();
    const expired = await request(t.app)
      .put('/brand/api/v1/brand-members/password')
      .send({ reset_password_token: token, password: 'newpass456' });
    expect(expired.status).toBe(422);
    expect(expired.body.messages.reset_password_token).toBeDefined();
    for (const link of [token, tampered]) {
      await expect(
        t.services.brandMembers.checkResetToken(t.services.context(GUEST), { reset_password_token: link }),
      ).rejects.toMatchObject({
        status: 422,
      });
    }
    await portalAgent(t, 'late@example.com');

    const malformed = await request(t.app).post('/brand/api/v1/brand-members/password').send({ email: 'nope' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.messages.email).toEqual(['メールアドレスの形式が正しくありません']);
  });
});
