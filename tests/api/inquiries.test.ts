import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { expectDocumented } from '#tests/api/openapi-contract';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { BrandAndAmbassadorInquiry, ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import * as ja from '#src/i18n/ja';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ OFFICE_EMAIL: 'office@tabitoko.example.com', APP_URL: 'https://tabitoko.example.com' });
});

const em = () => t.orm.em.fork();
let ipCounter = 0;
/** Each test speaks from its own address (trust proxy: 1), so the rate limit of one does not touch another. */
const ip = () => `203.0.113.${++ipCounter}`;

const valid = {
  name: '高橋 真理',
  company_name: '株式会社みどり製菓',
  department_name: 'マーケティング部',
  position_name: '課長',
  email: 'takahashi@midori.example.com',
  subject: 'branding',
  content: '地域の料理教室と組んだ体験イベントを検討しています。資料をいただけますか。',
};

describe('POST /api/v1/brand_and_ambassador_inquiries', () => {
  it('stores the inquiry, notifies the office, confirms to the sender and sets the completion flag', async () => {
    const agent = request.agent(t.app);
    const res = await agent.post('/api/v1/brand_and_ambassador_inquiries').set('X-Forwarded-For', ip()).send(valid);
    expect(res.status).toBe(201);
    expectDocumented(res, 'POST /api/v1/brand_and_ambassador_inquiries');
    expect(res.body).toMatchObject({ ...valid, resolved: false });
    expect(res.body.created_at).toEqual(expect.any(String));

    const stored = await em().findOneOrFail(BrandAndAmbassadorInquiry, { id: res.body.id });
    expect(stored).toMatchObject({
      name: valid.name,
      companyName: valid.company_name,
      departmentName: 'マーケティング部',
      positionName: '課長',
      subject: 'branding',
      resolved: false,
    });

    const office = await em().findOneOrFail(MailOutbox, { dedupeKey: `inquiry:${stored.id}:office` });
    expect(office.toAddress).toBe('office@tabitoko.example.com');
    expect(office.subject).toContain('ブランド展開について');
    expect(office.textBody).toContain(valid.content);
    // Linked to the list of this sender's inquiries; a reply to the office's mail goes to the sender.
    expect(office.textBody).toContain('https://tabitoko.example.com/admin/brand_ambassador_inquiries?q=takahashi%40midori.example.com');
    expect(office.replyTo).toBe('takahashi@midori.example.com');
    const sender = await em().findOneOrFail(MailOutbox, { dedupeKey: `inquiry:${stored.id}:sender` });
    expect(sender.toAddress).toBe(valid.email);
    expect(sender.textBody).toContain('高橋 真理 様');

    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/sid=/);
    const sessions = await em().getConnection().execute<{ sess: { flags?: Record<string, boolean> } }[]>('SELECT sess FROM session');
    expect(sessions.some((s) => s.sess.flags?.brandInquiry === true)).toBe(true);
  });

  it('requires all seven fields, with a Japanese message each, and stores nothing', async () => {
    const before = await em().count(MailOutbox, {});
    const res = await request(t.app).post('/api/v1/brand_and_ambassador_inquiries').set('X-Forwarded-For', ip()).send({});
    expect(res.status).toBe(422);
    expectDocumented(res, 'POST /api/v1/brand_and_ambassador_inquiries');
    expect(res.body.messages).toEqual({
      name: ['お名前を入力してください'],
      company_name: ['会社名・団体名を入力してください'],
      department_name: ['部署名を入力してください'],
      position_name: ['役職を入力してください'],
      email: ['メールアドレスを入力してください'],
      subject: ['お問い合わせ種別を選択してください'],
      content: ['お問い合わせ内容を入力してください'],
    });
    expect(await em().count(BrandAndAmbassadorInquiry, {})).toBe(1);
    expect(await em().count(MailOutbox, {})).toBe(before);
  });

  it('refuses an unknown subject, a bad e-mail and over-long text', async () => {
    const address = ip();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ subject: 'partnership' }, 'subject', 'お問い合わせ種別を選択してください'],
      [{ email: 'a@' }, 'email', 'メールアドレスは3文字以上で入力してください'],
      [{ email: 'not-an-email' }, 'email', 'メールアドレスの形式が正しくありません'],
      [{ department_name: '   ' }, 'department_name', '部署名を入力してください'],
      [{ name: 'あ'.repeat(101) }, 'name', 'お名前は100文字以内で入力してください'],
      [{ content: 'あ'.repeat(5001) }, 'content', 'お問い合わせ内容は5000文字以内で入力してください'],
      // A name is one line: a line break would read as another line of the office's mail.
      [{ name: '山田\r\nBcc: x@example.com' }, 'name', '改行や制御文字は使えません'],
      [{ company_name: '株式会社\u202eみなと' }, 'company_name', '改行や制御文字は使えません'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await request(t.app)
        .post('/api/v1/brand_and_ambassador_inquiries')
        .set('X-Forwarded-For', address)
        .send({ ...valid, ...overrides });
      expect(res.status, field).toBe(422);
      expectDocumented(res, 'POST /api/v1/brand_and_ambassador_inquiries');
      expect(res.body.messages[field]).toEqual([message]);
    }
    expect(await em().count(BrandAndAmbassadorInquiry, { email: { $ne: valid.email } })).toBe(0);
  });

  it('accepts each of the four subjects', async () => {
    const address = ip();
    for (const subject of ['franchise', 'branding', 'media', 'other']) {
      const res = await request(t.app)
        .post('/api/v1/brand_and_ambassador_inquiries')
        .set('X-Forwarded-For', address)
        .send({ ...valid, subject, email: `${subject}@example.com` });
      expect(res.status).toBe(201);
      expectDocumented(res, 'POST /api/v1/brand_and_ambassador_inquiries');
      expect(res.body.subject).toBe(subject);
    }
  });

  it('rate-limits one address', async () => {
    const address = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await request(t.app).post('/api/v1/brand_and_ambassador_inquiries').set('X-Forwarded-For', address).send({})).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await request(t.app).post('/api/v1/brand_and_ambassador_inquiries').set('X-Forwarded-For', ip()).send({})).status).toBe(422);
  });

  it('refuses a cross-site post with a Japanese 403 and writes nothing', async () => {
    const inquiries = await em().count(BrandAndAmbassadorInquiry, {});
    const mails = await em().count(MailOutbox, {});
    const res = await request(t.app)
      .post('/api/v1/brand_and_ambassador_inquiries')
      .set('X-Forwarded-For', ip())
      .set('Origin', 'https://evil.example')
      .send(valid);
    expect(res.status).toBe(403);
    expectDocumented(res, 'POST /api/v1/brand_and_ambassador_inquiries');
    expect(res.body).toEqual({ status: 403, message: ja.errors.crossOrigin, messages: { base: [ja.errors.crossOrigin] } });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await em().count(BrandAndAmbassadorInquiry, {})).toBe(inquiries);
    expect(await em().count(MailOutbox, {})).toBe(mails);
  });
});

describe('POST /api/v1/contact_inquiries', () => {
  it('stores a guest inquiry, notifies the office (a reply goes to the sender) and confirms to the sender without quoting', async () => {
    const res = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '佐藤 ゆうき', email: 'sato@example.com', content: '予約確認メールが届きません。' });
    expect(res.status).toBe(201);
    expectDocumented(res, 'POST /api/v1/contact_inquiries');
    expect(res.body).toMatchObject({ name: '佐藤 ゆうき', email: 'sato@example.com', content: '予約確認メールが届きません。' });
    const stored = await em().findOneOrFail(ContactInquiry, { id: res.body.id });
    expect(stored.user).toBeNull();
    const mails = await em().find(MailOutbox, { dedupeKey: { $like: `contact:${stored.id}:%` } });
    expect(mails.map((m) => [m.dedupeKey, m.toAddress, m.replyTo]).sort()).toEqual([
      [`contact:${stored.id}:office`, 'office@tabitoko.example.com', 'sato@example.com'],
      [`contact:${stored.id}:sender`, 'sato@example.com', null],
    ]);
    const office = mails.find((m) => m.dedupeKey.endsWith(':office'));
    expect(office?.textBody).toContain('予約確認メールが届きません。');
    expect(office?.textBody).toContain(
      '管理画面: https://tabitoko.example.com/admin/brand_ambassador_inquiries?kind=contact&q=sato%40example.com',
    );
    const sender = mails.find((m) => m.dedupeKey.endsWith(':sender'));
    expect(sender?.subject).toBe('【たびとこ】お問い合わせを受け付けました');
    expect(sender?.textBody).toContain('佐藤 ゆうき 様');
    expect(sender?.textBody).toContain(`お問い合わせ(受付番号: ${stored.id})を受け付けました。`);
    // The form takes any address: the message itself is not carried to it.
    expect(sender?.textBody).not.toContain('予約確認メールが届きません。');
    const sessions = await em().getConnection().execute<{ sess: { flags?: Record<string, boolean> } }[]>('SELECT sess FROM session');
    expect(sessions.some((s) => s.sess.flags?.contactInquiry === true)).toBe(true);
  });

  it('links a signed-in sender', async () => {
    const user = await createUser(t.orm, { name: '会員 一郎' });
    const agent = await signedInAgent(t.app, user.email);
    const res = await agent
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '会員 一郎', email: user.email, content: '質問です' });
    expect(res.status).toBe(201);
    expectDocumented(res, 'POST /api/v1/contact_inquiries');
    const stored = await em().findOneOrFail(ContactInquiry, { id: res.body.id });
    expect(stored.user?.id).toBe(user.id);
    const mail = await em().findOneOrFail(MailOutbox, { dedupeKey: `contact:${stored.id}:office` });
    expect(mail.textBody).toContain(`会員 一郎 (ID: ${user.id})`);
  });

  it('answers 422 per field and stores nothing', async () => {
    const before = await em().count(ContactInquiry, {});
    const res = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '', email: 'x', content: 42 });
    expect(res.status).toBe(422);
    expectDocumented(res, 'POST /api/v1/contact_inquiries');
    expect(res.body.messages).toEqual({
      name: ['お名前を入力してください'],
      email: ['メールアドレスは3文字以上で入力してください'],
      content: ['お問い合わせ内容を入力してください'],
    });
    expect(await em().count(ContactInquiry, {})).toBe(before);
    const twoLines = await request(t.app)
      .post('/api/v1/contact_inquiries')
      .set('X-Forwarded-For', ip())
      .send({ name: '一行目\nお名前: 運営', email: 'line@example.com', content: '改行は本文なら使えます。\n二行目' });
    expect(twoLines.status).toBe(422);
    expect(twoLines.body.messages).toEqual({ name: ['改行や制御文字は使えません'] });
    expect(await em().count(ContactInquiry, {})).toBe(before);
  });
});
