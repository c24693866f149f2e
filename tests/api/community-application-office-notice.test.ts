// An application nobody at a brand is told of reaches the office instead: a community without a brand, or one whose
// brand has no member who accepted the invitation, mails OFFICE_EMAIL a notice built like the inquiries' (no greeting,
// no footer, a reply reaches the applicant) linking the admin list of the community's applications; a community whose
// brand has a member mails the member only.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createBrand, createBrandMember, createCommunity } from '#tests/factories/communities';
import { createSignedInUser } from '#tests/factories/users';
import { MailOutbox } from '#src/modules/mail/mail.entity';

const OFFICE = 'office@tabitoko.example.com';
const BASE = 'https://tabitoko.example.com';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ OFFICE_EMAIL: OFFICE, APP_URL: BASE });
});

const em = () => t.orm.em.fork();

/** A new account applies to the community through the form's call, at `now` when given (only Date is faked). */
async function apply(communityId: number, email: string, now?: Date): Promise<number> {
  if (now) vi.useFakeTimers({ toFake: ['Date'], now });
  let res: request.Response;
  try {
    const { agent } = await createSignedInUser(t, { name: '応募 花子', email });
    res = await agent.post('/api/v1/community_applications').send({
      community_id: communityId,
      occupation_id: 1,
      full_name: '茶道 花子',
      gender: 'female',
      postal_code: '6050073',
      address: '',
      birthday: '1990-04-15',
      answers: [],
    });
  } finally {
    vi.useRealTimers();
  }
  expect(res.status).toBe(201);
  return res.body.id as number;
}

const officeMails = (id: number) => em().find(MailOutbox, { dedupeKey: `community_application:${id}:office` });

describe('the office notice of an application', () => {
  it('tells the office of an application to a community without a brand, in full', async () => {
    const { community } = await createCommunity(t.orm, { name: '茶の湯の会' });
    // 10:30 Japan time (01:30 UTC) on 5 January 2027.
    const id = await apply(community.id, 'tea-hanako@example.com', new Date('2027-01-05T01:30:00Z'));
    const [mail, ...more] = await officeMails(id);
    expect(more).toEqual([]);
    expect(mail.toAddress).toBe(OFFICE);
    expect(mail.replyTo).toBe('tea-hanako@example.com');
    expect(mail.footer).toBeNull();
    expect(mail.subject).toBe('【たびとこ】コミュニティに新しい申し込みがありました（ブランドへの通知なし）：茶の湯の会');
    expect(mail.textBody).toBe(
      [
        'コミュニティ「茶の湯の会」に新しい申し込みがありました。',
        'このコミュニティはどのブランドにも属していないため、ブランドの担当者には届いていません。運営事務局で対応してください。',
        'このメールに返信すると、申し込みの方へ届きます。',
        '',
        `ID: ${id}`,
        'コミュニティ: 茶の湯の会',
        '申し込み者: 茶道 花子',
        '申し込み日時: 2027年1月5日(火) 10:30',
        '',
        '内容は管理画面の申し込み一覧で確認できます。',
        `管理画面: ${BASE}/admin/community_applications?community_id=${community.id}`,
        '',
        '--',
        'たびとこ',
        BASE,
        '',
      ].join('\n'),
    );
    // The applicant's receipt is sent as for any community.
    expect(await em().count(MailOutbox, { dedupeKey: `community_application:${id}:applicant` })).toBe(1);
  });

  it('tells the office when the brand has no member who accepted the invitation, saying so', async () => {
    const brand = await createBrand(t.orm, { name: '準備中のブランド' });
    await createBrandMember(t.orm, brand.id, { accepted: false, email: 'pending-staff@example.com' });
    const { community } = await createCommunity(t.orm, { name: '藍染めの会', brandIds: [brand.id] });
    const id = await apply(community.id, 'dye-hanako@example.com');
    const [mail] = await officeMails(id);
    expect(mail.textBody.split('\n').slice(0, 2)).toEqual([
      'コミュニティ「藍染めの会」に新しい申し込みがありました。',
      'このコミュニティのブランドには招待を受け入れたメンバーがいないため、ブランドの担当者には届いていません。運営事務局で対応してください。',
    ]);
    expect(await em().count(MailOutbox, { toAddress: 'pending-staff@example.com' })).toBe(0);
  });

  it('does not tell the office when a brand member is told', async () => {
    const brand = await createBrand(t.orm, { name: '運営中のブランド' });
    const member = await createBrandMember(t.orm, brand.id, { accepted: true, email: 'active-staff@example.com' });
    const { community } = await createCommunity(t.orm, { name: '木工の会', brandIds: [brand.id] });
    const id = await apply(community.id, 'wood-hanako@example.com');
    expect(await officeMails(id)).toEqual([]);
    const told = await em().find(MailOutbox, { dedupeKey: `community_application:${id}:brand_member:${member.id}` });
    expect(told.map((m) => m.toAddress)).toEqual(['active-staff@example.com']);
    expect(await em().count(MailOutbox, { toAddress: OFFICE })).toBe(2);
  });
});
