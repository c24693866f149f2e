// Each mail's footer fits the person who reads it (mail.footer.ts, the one rule): a security notice says why it is
// always sent and links the account page as the place to review the account; a mail that opens the way in (the
// sign-up confirmation, a password reset) links no account page the reader cannot open yet; a portal invitee who has
// not accepted gets no account link; and the footer stands before the frame's signature, which ends every mail.
// Read as delivered, through a real SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, TEST_PASSWORD } from '#tests/factories/users';
import { createBrand, createBrandMember } from '#tests/factories/communities';
import { startSmtpInbox, type Received } from '#tests/setup/smtp-inbox';
import { deliveredTo } from './email-change-helpers';
import { MEMBER_PASSWORD, createSignableMember, portalAgent } from './brand-portal-helpers';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpInbox>>;
let inbox: Received[];
beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.inbox;
  t = await setupTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'たびとこ <no-reply@tabitoko.example>' });
});
afterAll(() => smtp.close());

/** The one mail delivered to `to` so far, as its reader sees it (the text without trailing blank lines). */
async function onlyMailTo(to: string): Promise<string> {
  const mails = await deliveredTo(t, inbox, to);
  expect(mails).toHaveLength(1);
  return mails[0].text.trimEnd();
}

describe('a security notice', () => {
  it("says why a marketplace user's password notice is always sent and links /account to review the account", async () => {
    const { agent } = await createSignedInUser(t, { name: '安全 太郎', email: 'footer-password@example.com' });
    const res = await agent.put('/api/v1/account/password').send({ current_password: TEST_PASSWORD, new_password: 'brandnew2026' });
    expect(res.status).toBe(200);
    const text = await onlyMailTo('footer-password@example.com');
    expect(text.startsWith('安全 太郎 様\n\nたびとこのアカウントのパスワードが変更されました。\n')).toBe(true);
    expect(
      text.endsWith(
        [
          '心当たりがない場合は、すぐに次のリンクからパスワードを再設定してください（他の端末からはログアウト済みです）。',
          'http://localhost:3000/password_reset/new',
          '',
          'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。',
          'アカウントの状態（ログイン中の端末など）の確認: http://localhost:3000/account',
          '',
          '--',
          'たびとこ',
          'http://localhost:3000',
        ].join('\n'),
      ),
    ).toBe(true);
    expect(text).not.toContain('お知らせメールの設定');
  });

  it("says the same for a brand member's password notice and links /brand/account", async () => {
    const brand = await createBrand(t.orm, { name: '安全ブランド' });
    await createSignableMember(t, brand.id, { email: 'footer-member-password@example.com' });
    const agent = await portalAgent(t, 'footer-member-password@example.com');
    const res = await agent.put('/brand/api/v1/account/password').send({ current_password: MEMBER_PASSWORD, new_password: 'brandnew2026' });
    expect(res.status).toBe(200);
    const text = await onlyMailTo('footer-member-password@example.com');
    expect(text.startsWith('たびとこ ブランド管理画面のアカウントのパスワードが変更されました。\n')).toBe(true);
    expect(
      text.endsWith(
        [
          'http://localhost:3000/brand/password_reset_send_mail',
          '',
          'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。',
          'アカウントの状態（ログイン中の端末など）の確認: http://localhost:3000/brand/account',
          '',
          '--',
          'たびとこ',
          'http://localhost:3000',
        ].join('\n'),
      ),
    ).toBe(true);
  });
});

describe('a mail that opens the way into an account', () => {
  it('the sign-up confirmation links no account page: the address is not confirmed yet', async () => {
    const res = await request(t.app)
      .post('/api/v1/users')
      .set('X-Forwarded-For', '172.33.0.1')
      .send({ name: '登録 花子', email: 'footer-signup@example.com', password: 'abcd1234', agree_terms: true });
    expect(res.status).toBe(201);
    const text = await onlyMailTo('footer-signup@example.com');
    expect(text).not.toContain('/account');
    expect(
      text.endsWith(['心当たりがない場合は、このメールを破棄してください。', '', '--', 'たびとこ', 'http://localhost:3000'].join('\n')),
    ).toBe(true);
  });

  it('the password reset links no account page, for a marketplace user and for a brand member', async () => {
    await createUser(t.orm, { name: '忘れた 次郎', email: 'footer-reset@example.com' });
    const brand = await createBrand(t.orm, { name: '再設定ブランド' });
    await createSignableMember(t, brand.id, { email: 'footer-member-reset@example.com' });
    expect((await request(t.app).post('/api/v1/password_resets').send({ email: 'footer-reset@example.com' })).status).toBe(202);
    const portal = await request(t.app).post('/brand/api/v1/brand-members/password').send({ email: 'footer-member-reset@example.com' });
    expect(portal.status).toBe(202);
    expect(await t.services.passwordResets.deliverDue()).toBe(2);
    const tail = [
      'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      '',
      '--',
      'たびとこ',
      'http://localhost:3000',
    ].join('\n');
    // The marketplace user is greeted by name; a brand member's account holds no name, so no greeting.
    const heads = {
      'footer-reset@example.com': '忘れた 次郎 様\n\nたびとこのパスワード再設定を受け付けました。\n',
      'footer-member-reset@example.com': 'ブランド管理画面のパスワード再設定を受け付けました。\n',
    };
    for (const [to, head] of Object.entries(heads)) {
      const text = await onlyMailTo(to);
      expect(text.startsWith(head), to).toBe(true);
      expect(text.endsWith(tail), to).toBe(true);
      expect(text, to).not.toContain('/account');
    }
  });
});

describe("the notice to another brand's address", () => {
  it('links /brand/account for a member who can sign in, and nothing for an invitee who has not accepted', async () => {
    const inviting = await createBrand(t.orm, { name: '招待する蔵' });
    await createSignableMember(t, inviting.id, { email: 'footer-inviter@example.com' });
    const agent = await portalAgent(t, 'footer-inviter@example.com');
    const other = await createBrand(t.orm, { name: 'よその蔵' });
    await createSignableMember(t, other.id, { email: 'footer-accepted@example.com' });
    await createBrandMember(t.orm, other.id, { email: 'footer-invitee@example.com', accepted: false });
    for (const email of ['footer-accepted@example.com', 'footer-invitee@example.com']) {
      const res = await agent.post('/brand/api/v1/brand-members/invitation').send({ email });
      expect(res.status).toBe(201);
    }
    const notice = [
      'たびとこのブランド「招待する蔵」の管理メンバーへの招待がありましたが、このメールアドレスはすでに別のブランドの管理メンバーとして登録または招待されているため、この招待はお受けいただけません。',
      '',
      '「招待する蔵」のメンバーになる場合は、別のメールアドレスで招待するよう「招待する蔵」のご担当者にお伝えください。',
      'お心当たりのない場合は、このメールを破棄してください。',
    ].join('\n');
    expect(await onlyMailTo('footer-accepted@example.com')).toBe(
      `${notice}\n\nアカウントの設定: http://localhost:3000/brand/account\n\n--\nたびとこ\nhttp://localhost:3000`,
    );
    expect(await onlyMailTo('footer-invitee@example.com')).toBe(`${notice}\n\n--\nたびとこ\nhttp://localhost:3000`);
  });
});
