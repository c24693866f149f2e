import { describe, expect, it, beforeAll } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, TEST_PASSWORD } from '#tests/factories/users';
import { User } from '#src/modules/users/users.entity';
import * as ja from '#src/i18n/ja';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const em = () => t.orm.em.fork();

/** `sid=…` of a response's Set-Cookie. */
function sidOf(res: request.Response): string {
  const cookie = String(res.headers['set-cookie'] ?? '');
  const match = /(?:^|,)\s*(sid=[^;]+)/.exec(cookie);
  if (!match) throw new Error(`no session cookie in: ${cookie}`);
  return match[1];
}

/** How many stored sessions have the id of this cookie (`sid=s:<id>.<signature>`). */
async function sessionRows(sidCookie: string): Promise<number> {
  const id = decodeURIComponent(sidCookie.slice('sid='.length))
    .replace(/^s:/, '')
    .replace(/\.[^.]*$/, '');
  const rows = await em().getConnection().execute<{ n: number }[]>('SELECT count(*)::int AS n FROM session WHERE sid = ?', [id]);
  return rows[0].n;
}

describe('GET /api/v1/me', () => {
  it('answers 401 with status 401 when signed out', async () => {
    const res = await request(t.app).get('/api/v1/me');
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(401);
    expect(res.body.messages.base[0]).toMatch(/ログイン/);
  });

  it('returns access_control and current_ambassador_id for the signed-in user', async () => {
    const user = await createUser(t.orm, { role: 'HOST', name: '山田 花子' });
    const agent = await signedInAgent(t.app, user.email);
    const res = await agent.get('/api/v1/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: '山田 花子', access_control: 'HOST', current_ambassador_id: null });
    expect(res.body).not.toHaveProperty('passwordHash');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/v1/sessions', () => {
  it('signs in, sets an httpOnly SameSite=Lax cookie, and regenerates the session id', async () => {
    const user = await createUser(t.orm);
    const agent = request.agent(t.app);
    // A guest's contact inquiry starts an anonymous session (it stores the completion flag).
    const anonymous = await agent
      .post('/api/v1/contact_inquiries')
      .send({ name: '匿名 花子', email: 'anonymous@example.com', content: 'ログイン前の問い合わせです。' });
    expect(anonymous.status).toBe(201);
    const anonymousCookie = sidOf(anonymous);
    expect(await sessionRows(anonymousCookie)).toBe(1);

    const signedIn = await agent.post('/api/v1/sessions').send({ email: user.email, password: TEST_PASSWORD });
    expect(signedIn.status).toBe(201);
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const signedInCookie = sidOf(signedIn);
    expect(signedInCookie).not.toBe(anonymousCookie);
    // The old id is gone: whoever knew it (a planted cookie) is not signed in.
    expect(await sessionRows(anonymousCookie)).toBe(0);
    expect((await request(t.app).get('/api/v1/me').set('Cookie', anonymousCookie)).status).toBe(401);
    expect((await request(t.app).get('/api/v1/me').set('Cookie', signedInCookie)).body.id).toBe(user.id);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(t.orm);
    const wrong = await request(t.app).post('/api/v1/sessions').send({ email: user.email, password: 'wrongpass1' });
    const unknown = await request(t.app).post('/api/v1/sessions').send({ email: 'nobody@example.com', password: 'wrongpass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('メールアドレスまたはパスワードが正しくありません');
  });

  it('rejects a malformed body with 422 and Japanese messages', async () => {
    const res = await request(t.app).post('/api/v1/sessions').send({ email: 42 });
    expect(res.status).toBe(422);
    expect(res.body.messages.email[0]).toMatch(/メールアドレス/);
    // The brand portal's sign-in asks for an empty password with the same rule and words.
    const empty = await request(t.app).post('/api/v1/sessions').send({ email: 'someone@example.com', password: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.messages).toEqual({ password: ['パスワードを入力してください'] });
  });

  it('answers malformed JSON with 422, not 500, and writes nothing', async () => {
    const sessions = async () => (await em().getConnection().execute<{ n: number }[]>('SELECT count(*)::int AS n FROM session'))[0].n;
    const before = await sessions();
    const res = await request(t.app).post('/api/v1/sessions').set('Content-Type', 'application/json').send('{"email":');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      status: 422,
      message: 'リクエストの形式が正しくありません',
      messages: { base: ['リクエストの形式が正しくありません'] },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessions()).toBe(before);
    const users = await em().count(User, {});
    const signUp = await request(t.app).post('/api/v1/users').set('Content-Type', 'application/json').send('{"name":"x",');
    expect(signUp.status).toBe(422);
    expect(signUp.body.messages.base).toEqual(['リクエストの形式が正しくありません']);
    expect(await em().count(User, {})).toBe(users);
  });

  it('rate-limits repeated failures for one e-mail from one address', async () => {
    const user = await createUser(t.orm);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await request(t.app).post('/api/v1/sessions').send({ email: user.email, password: 'wrongpass1' })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password is refused from that address while the window lasts (other addresses: hardening-lockout).
    const ok = await request(t.app).post('/api/v1/sessions').send({ email: user.email, password: TEST_PASSWORD });
    expect(ok.status).toBe(429);
  });

  it('refuses a sign-in posted from another site', async () => {
    const user = await createUser(t.orm);
    const res = await request(t.app)
      .post('/api/v1/sessions')
      .set('Origin', 'https://evil.example')
      .send({ email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message: ja.errors.crossOrigin, messages: { base: [ja.errors.crossOrigin] } });
    expect(res.headers['set-cookie']).toBeUndefined();
    const users = await em().count(User, {});
    const signUp = await request(t.app)
      .post('/api/v1/users')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ name: '越境 太郎', email: 'cross-site@example.com', password: 'abcd1234', agree_terms: true });
    expect(signUp.status).toBe(403);
    expect(signUp.body.messages.base).toEqual([ja.errors.crossOrigin]);
    expect(await em().count(User, {})).toBe(users);
  });
});

describe('DELETE /api/v1/sessions', () => {
  it('signs out', async () => {
    const user = await createUser(t.orm);
    const agent = await signedInAgent(t.app, user.email);
    expect((await agent.delete('/api/v1/sessions')).status).toBe(204);
    expect((await agent.get('/api/v1/me')).status).toBe(401);
  });
});

describe('POST /api/v1/users', () => {
  it('creates a USER with a hashed password and signs them in', async () => {
    const agent = request.agent(t.app);
    const res = await agent
      .post('/api/v1/users')
      .send({ name: '新規 太郎', email: 'New.User@Example.com', password: 'abcd1234', agree_terms: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: '新規 太郎', email: 'new.user@example.com', access_control: 'USER' });
    const stored = await t.orm.em.fork().findOneOrFail(User, { email: 'new.user@example.com' }, { populate: ['passwordHash'] });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain('abcd1234');
    expect((await agent.get('/api/v1/me')).body.email).toBe('new.user@example.com');
    // The consent: the version of the terms and the time.
    expect(stored.termsVersion).toBe('2026-11-01');
    expect(Math.abs(Date.now() - new Date(stored.termsConsentedAt ?? 0).getTime())).toBeLessThan(60_000);
  });

  it('refuses a sign-up without consent to the terms and the privacy policy, creating nobody', async () => {
    for (const agree of [undefined, false, 'on']) {
      const res = await request(t.app)
        .post('/api/v1/users')
        .send({ name: '同意 なし', email: 'no-consent@example.com', password: 'abcd1234', agree_terms: agree });
      expect(res.status).toBe(422);
      expect(res.body.messages.agree_terms).toEqual(['利用規約とプライバシーポリシーへの同意が必要です']);
    }
    expect(await t.orm.em.fork().count(User, { email: 'no-consent@example.com' })).toBe(0);
  });

  it('answers a duplicate sign-up with 422 and changes nothing', async () => {
    const user = await createUser(t.orm);
    const res = await request(t.app)
      .post('/api/v1/users')
      .send({ name: '重複', email: user.email.toUpperCase(), password: 'abcd1234', agree_terms: true });
    expect(res.status).toBe(422);
    expect(res.body.messages.email).toEqual(['このメールアドレスはすでに登録されています']);
    expect(await t.orm.em.fork().count(User, { email: user.email })).toBe(1);
  });

  it('signs in with the address typed in full-width characters', async () => {
    const user = await createUser(t.orm, { email: 'wide@example.com' });
    const res = await request(t.app).post('/api/v1/sessions').send({ email: 'ｗｉｄｅ＠ｅｘａｍｐｌｅ．ｃｏｍ', password: TEST_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe(user.id);
  });

  it('refuses a name of invisible characters only, as an empty one', async () => {
    const res = await request(t.app)
      .post('/api/v1/users')
      .send({ name: '\u200B\u2060', email: 'invisible@example.com', password: 'abcd1234', agree_terms: true });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ name: ['お名前を入力してください'] });
    expect(await t.orm.em.fork().count(User, { email: 'invisible@example.com' })).toBe(0);
  });

  it('validates every field in Japanese', async () => {
    const res = await request(t.app).post('/api/v1/users').send({ name: '', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(422);
    expect(res.body.messages.name).toEqual(['お名前を入力してください']);
    expect(res.body.messages.email).toEqual(['メールアドレスの形式が正しくありません']);
    expect(res.body.messages.password[0]).toBe('8文字以上で入力してください');
    const noDigit = await request(t.app).post('/api/v1/users').send({ name: 'a', email: 'a@example.com', password: 'abcdefgh' });
    expect(noDigit.body.messages.password).toEqual(['英字と数字をそれぞれ1文字以上含めてください']);
  });
});

describe('unknown API paths', () => {
  it('answer JSON 404', async () => {
    const res = await request(t.app).get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.status).toBe(404);
  });
});
