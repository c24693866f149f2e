// The undo link mailed to the old address (POST /api/v1/email_changes/undo): it cancels a pending change; after a
// confirmed change it restores the old address for 7 days and locks the account (every session ends, reset links
// void, the password stops working). And the brand portal's door: the same mechanism for a brand member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, TEST_PASSWORD } from '#tests/factories/users';
import { createBrand } from '#tests/factories/communities';
import { startSmtpInbox, type Received } from '#tests/setup/smtp-inbox';
import { expectDocumented } from './openapi-contract';
import { deliveredTo, linkToken } from './email-change-helpers';
import { MEMBER_PASSWORD, createSignableMember, portalAgent } from './brand-portal-helpers';
import { User } from '#src/modules/users/users.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { EmailChange } from '#src/modules/email-changes/email-changes.entity';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let inbox: Received[];
let brandId: number;
beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.inbox;
  t = await setupTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'たびとこ <no-reply@tabitoko.example>' });
  brandId = (await createBrand(t.orm, { name: 'みどり製菓' })).id;
});
afterAll(() => smtp.close());

const em = () => t.orm.em.fork();
const INVALID = 'このリンクは無効か、有効期限が切れています。お手数ですが、もう一度お手続きください。';

async function requestChange(from: string, to: string) {
  const { user, agent } = await createSignedInUser(t, { email: from });
  expect((await agent.post('/api/v1/account/email').send({ email: to, current_password: TEST_PASSWORD })).status).toBe(202);
  return {
    user,
    agent,
    confirm: await linkToken(t, inbox, to, '/email_change/confirm'),
    undo: await linkToken(t, inbox, from, '/email_change/undo'),
  };
}

describe('POST /api/v1/email_changes/undo', () => {
  it('cancels a pending change: the confirmation link stops working and the address stays', async () => {
    const { user, confirm, undo } = await requestChange('cancel-old@example.com', 'cancel-new@example.com');
    const check = await t.services.emailChanges.checkLink(t.services.context({ kind: 'guest' }), { token: undo });
    expect(check).toEqual({ door: 'user', action: 'cancel', old_email: 'cancel-old@example.com', new_email: 'cancel-new@example.com' });
    const res = await request(t.app).post('/api/v1/email_changes/undo').send({ token: undo });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({ door: 'user', action: 'cancel', email: 'cancel-old@example.com' });
    expect((await request(t.app).post('/api/v1/email_changes/confirm').send({ token: confirm })).status).toBe(422);
    expect((await request(t.app).post('/api/v1/email_changes/undo').send({ token: undo })).body.messages.token).toEqual([INVALID]);
    expect((await em().findOneOrFail(User, { id: user.id })).email).toBe('cancel-old@example.com');
  });

  it('after a confirmed change restores the old address, ends every session, voids reset links and the password', async () => {
    const { user, agent, confirm, undo } = await requestChange('takeover-old@example.com', 'takeover-new@example.com');
    const other = await request.agent(t.app);
    expect((await other.post('/api/v1/sessions').send({ email: 'takeover-old@example.com', password: TEST_PASSWORD })).status).toBe(201);
    expect((await request(t.app).post('/api/v1/email_changes/confirm').send({ token: confirm })).status).toBe(200);
    await em().nativeUpdate(User, { id: user.id }, { resetPasswordTokenHash: 'a'.repeat(64), resetPasswordSentAt: new Date() });

    const res = await request(t.app).post('/api/v1/email_changes/undo').send({ token: undo });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ door: 'user', action: 'undo', email: 'takeover-old@example.com' });
    const row = await em().findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
    expect(row.email).toBe('takeover-old@example.com');
    expect(row.resetPasswordTokenHash).toBeNull();
    expect((await agent.get('/api/v1/account')).status).toBe(401);
    expect((await other.get('/api/v1/account')).status).toBe(401);
    expect(
      (await request(t.app).post('/api/v1/sessions').send({ email: 'takeover-old@example.com', password: TEST_PASSWORD })).status,
    ).toBe(401);
    expect((await em().findOneOrFail(EmailChange, { accountId: user.id, door: 'user' })).status).toBe('undone');
    // Single use.
    expect((await request(t.app).post('/api/v1/email_changes/undo').send({ token: undo })).status).toBe(422);
  });

  it('no longer restores once the 7 days after the change have passed', async () => {
    const { user, confirm, undo } = await requestChange('late-old@example.com', 'late-new@example.com');
    expect((await request(t.app).post('/api/v1/email_changes/confirm').send({ token: confirm })).status).toBe(200);
    await em().nativeUpdate(EmailChange, { accountId: user.id, door: 'user' }, { undoUntil: new Date(Date.now() - 1000) });
    const res = await request(t.app).post('/api/v1/email_changes/undo').send({ token: undo });
    expect(res.status).toBe(422);
    expect(res.body.messages.token).toEqual([INVALID]);
    expect((await em().findOneOrFail(User, { id: user.id })).email).toBe('late-new@example.com');
  });
});

describe('the brand portal door: POST /brand/api/v1/brand-members/email', () => {
  it('changes a member address with the same links, and an undo ends the portal sessions', async () => {
    const member = await createSignableMember(t, brandId, { email: 'portal-old@example.com' });
    const agent = await portalAgent(t, 'portal-old@example.com');
    const status = await agent.get('/brand/api/v1/brand-members/email');
    expect(status.status).toBe(200);
    expectDocumented(status);
    expect(status.body).toEqual({ email: 'portal-old@example.com', pending: null });
    const wrong = await agent
      .post('/brand/api/v1/brand-members/email')
      .send({ email: 'portal-new@example.com', current_password: 'wrong1234' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.messages.current_password).toEqual(['現在のパスワードが正しくありません']);
    const res = await agent
      .post('/brand/api/v1/brand-members/email')
      .send({ email: 'portal-new@example.com', current_password: MEMBER_PASSWORD });
    expect(res.status).toBe(202);
    expectDocumented(res);
    expect(res.body).toEqual({ sent: true });
    // Every mail names the portal account as its password notice does, and the notice to the old address is a
    // security notice linking /brand/account to review the account.
    const notice = (await deliveredTo(t, inbox, 'portal-old@example.com')).at(-1)!;
    expect(notice.subject).toBe('【たびとこ】ブランド管理画面のメールアドレス変更の申請がありました');
    expect(notice.text.startsWith('たびとこ ブランド管理画面のアカウントのメールアドレスを変更する申請がありました。\n')).toBe(true);
    expect(
      notice.text
        .trimEnd()
        .endsWith(
          'アカウントの状態（ログイン中の端末など）の確認: http://localhost:3000/brand/account\n\n--\nたびとこ\nhttp://localhost:3000',
        ),
    ).toBe(true);
    expect(notice.text).not.toContain('お知らせメールの設定');
    const [toNew] = await deliveredTo(t, inbox, 'portal-new@example.com');
    expect(toNew.subject).toBe('【たびとこ】ブランド管理画面のメールアドレス変更の確認');
    expect(
      toNew.text.startsWith('たびとこ ブランド管理画面のアカウントのメールアドレスを、このメールアドレスに変更する申請がありました。\n'),
    ).toBe(true);

    const confirm = await linkToken(t, inbox, 'portal-new@example.com', '/email_change/confirm');
    const done = await request(t.app).post('/api/v1/email_changes/confirm').send({ token: confirm });
    expect(done.body).toEqual({ door: 'brand', action: 'confirm', email: 'portal-new@example.com' });
    const doneMail = (await deliveredTo(t, inbox, 'portal-old@example.com')).at(-1)!;
    expect(doneMail.subject).toBe('【たびとこ】ブランド管理画面のメールアドレスが変更されました');
    expect(
      doneMail.text.startsWith('たびとこ ブランド管理画面のアカウントのメールアドレスが portal-new@example.com に変更されました。'),
    ).toBe(true);
    expect(doneMail.text).toContain(
      '先にお送りした「【たびとこ】ブランド管理画面のメールアドレス変更の申請がありました」のメールのリンクから',
    );
    expect((await em().findOneOrFail(BrandMember, { id: member.id })).email).toBe('portal-new@example.com');
    expect((await agent.get('/brand/api/v1/brand-members/me')).status).toBe(200);
    await portalAgent(t, 'portal-new@example.com');

    const undo = await linkToken(t, inbox, 'portal-old@example.com', '/email_change/undo');
    expect((await request(t.app).post('/api/v1/email_changes/undo').send({ token: undo })).body).toEqual({
      door: 'brand',
      action: 'undo',
      email: 'portal-old@example.com',
    });
    expect((await em().findOneOrFail(BrandMember, { id: member.id })).email).toBe('portal-old@example.com');
    expect((await agent.get('/brand/api/v1/brand-members/me')).status).toBe(401);
  });

  it('answers a taken member address exactly like a free one', async () => {
    await createSignableMember(t, brandId, { email: 'portal-taken@example.com' });
    await createSignableMember(t, brandId, { email: 'portal-a@example.com' });
    await createSignableMember(t, brandId, { email: 'portal-b@example.com' });
    const a = await portalAgent(t, 'portal-a@example.com');
    const b = await portalAgent(t, 'portal-b@example.com');
    const free = await a
      .post('/brand/api/v1/brand-members/email')
      .send({ email: 'portal-free@example.com', current_password: MEMBER_PASSWORD });
    const taken = await b
      .post('/brand/api/v1/brand-members/email')
      .send({ email: 'portal-taken@example.com', current_password: MEMBER_PASSWORD });
    expect([taken.status, taken.text]).toEqual([free.status, free.text]);
    const [toTaken] = await deliveredTo(t, inbox, 'portal-taken@example.com');
    expect(toTaken.subject).toBe('【たびとこ】ブランド管理画面のメールアドレス変更の確認');
    expect(toTaken.text).toContain(
      'このメールアドレスはすでにたびとこ ブランド管理画面のアカウントで使われているため、変更は行われません。',
    );
    expect((await b.get('/brand/api/v1/brand-members/email')).body.pending.email).toBe('portal-taken@example.com');
    // Cancelled from the portal's settings page like any pending change.
    const cancelled = await b.delete('/brand/api/v1/brand-members/email');
    expect(cancelled.status).toBe(200);
    expectDocumented(cancelled);
    expect(cancelled.body).toEqual({ email: 'portal-b@example.com', pending: null });
  });

  it('refuses a marketplace session at the portal door and a portal session at the marketplace door', async () => {
    const { agent } = await createSignedInUser(t);
    expect(
      (await agent.post('/brand/api/v1/brand-members/email').send({ email: 'x@example.com', current_password: TEST_PASSWORD })).status,
    ).toBe(401);
    await createSignableMember(t, brandId, { email: 'portal-only@example.com' });
    const portal = await portalAgent(t, 'portal-only@example.com');
    expect((await portal.post('/api/v1/account/email').send({ email: 'y@example.com', current_password: MEMBER_PASSWORD })).status).toBe(
      401,
    );
  });
});
