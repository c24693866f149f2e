import { beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { createAmbassador, createBrand, createBrandMember, createCommunity } from '#tests/factories/communities';
import { CommunityApplication, CommunityApplicationAnswer } from '#src/modules/communities/communities.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { publicBaseUrl } from '#src/lib/env';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const em = () => t.orm.em.fork();

const applicant = () => createSignedInUser(t, { name: '応募 花子' });

/** A community with a required, an optional and a hidden item. */
async function communityWithItems(extra: Parameters<typeof createCommunity>[1] = {}) {
  const { community, questions } = await createCommunity(t.orm, {
    questions: [
      { name: '参加の動機', required: true },
      { name: '得意なこと', required: false },
      { name: '以前の質問', required: true, disabled: true },
    ],
    ...extra,
  });
  const [motive, skill, hidden] = questions;
  return { community, motive, skill, hidden };
}

function payload(
  communityId: number,
  answers: { community_application_question_id: number; content: string }[],
  overrides: Record<string, unknown> = {},
) {
  return {
    community_id: communityId,
    occupation_id: 1,
    full_name: '応募 花子',
    gender: 'female',
    postal_code: '3900874',
    address: '長野県松本市大手1-2-3',
    birthday: '1990-04-15',
    answers,
    ...overrides,
  };
}

async function applicationCount(communityId: number) {
  return em().count(CommunityApplication, { community: communityId });
}

describe('GET /api/v1/communities/{id}/detail', () => {
  it('returns a published community with its visible items in order, brands and ambassadors', async () => {
    const brand = await createBrand(t.orm, { name: '公開ブランド' });
    const hiddenBrand = await createBrand(t.orm, { name: '非公開ブランド', published: false });
    const ambassador = await createAmbassador(t.orm, { name: '公開アンバサダー' });
    const hiddenAmbassador = await createAmbassador(t.orm, { name: '非公開アンバサダー', published: false });
    const { community, motive, skill } = await communityWithItems({
      name: '松本の木工部',
      images: ['/a.jpg', '/b.jpg'],
      brandIds: [brand.id, hiddenBrand.id],
      ambassadorIds: [ambassador.id, hiddenAmbassador.id],
    });
    const res = await request(t.app).get(`/api/v1/communities/${community.id}/detail`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: community.id,
      name: '松本の木工部',
      catchphrase: community.catchphrase,
      host_name: community.hostName,
      host_description: community.hostDescription,
      description: community.description,
      activity_description: community.activityDescription,
      important_thing: community.importantThing,
      ideal_candidate_profile: community.idealCandidateProfile,
      participation_condition: community.participationCondition,
      location: community.location,
      note: community.note,
      image_url: '/a.jpg',
      applied: false,
    });
    expect(res.body.images.map((i: { url: string }) => i.url)).toEqual(['/a.jpg', '/b.jpg']);
    expect(res.body.application_items).toEqual([
      { id: motive.id, name: '参加の動機', required: true },
      { id: skill.id, name: '得意なこと', required: false },
    ]);
    expect(res.body.brands).toEqual([{ id: brand.id, name: '公開ブランド', image_url: expect.any(String) }]);
    expect(res.body.ambassadors).toEqual([{ id: ambassador.id, name: '公開アンバサダー', image_url: expect.any(String) }]);
  });

  it('answers 404 with messages.community for unpublished, unknown and malformed ids', async () => {
    const { community } = await createCommunity(t.orm, { published: false });
    for (const id of [String(community.id), '999999', 'abc', '0', '1e3']) {
      const res = await request(t.app).get(`/api/v1/communities/${id}/detail`);
      expect(res.status, id).toBe(404);
      expect(res.body.status).toBe(404);
      expect(res.body.messages.community[0]).toBe('コミュニティが見つかりませんでした');
    }
  });

  it('shows an unpublished community to an ADMIN only (published: false), as for brands and ambassadors', async () => {
    const { community } = await createCommunity(t.orm, { published: false, name: '準備中の部' });
    const { agent: admin } = await createSignedInUser(t, { role: 'ADMIN' });
    const res = await admin.get(`/api/v1/communities/${community.id}/detail`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: community.id, name: '準備中の部', published: false });
    const { agent: user } = await createSignedInUser(t);
    const refused = await user.get(`/api/v1/communities/${community.id}/detail`);
    expect(refused.status).toBe(404);
    expect(refused.body.messages.community).toEqual(['コミュニティが見つかりませんでした']);
    // Nobody applies to it, not even the ADMIN.
    const apply = await admin.post('/api/v1/community_applications').send(payload(community.id, []));
    expect(apply.status).toBe(422);
    expect(apply.body.messages.community_id).toEqual(['申し込み先のコミュニティが見つかりません']);
    expect(await applicationCount(community.id)).toBe(0);
  });

  it('says published: true to everyone for a published community', async () => {
    const { community } = await createCommunity(t.orm);
    const res = await request(t.app).get(`/api/v1/communities/${community.id}/detail`);
    expect(res.body.published).toBe(true);
  });

  it('tells a signed-in user who has applied', async () => {
    const { community, motive } = await communityWithItems();
    const { agent } = await applicant();
    expect(
      (
        await agent
          .post('/api/v1/community_applications')
          .send(payload(community.id, [{ community_application_question_id: motive.id, content: '木工を学びたい' }]))
      ).status,
    ).toBe(201);
    const res = await agent.get(`/api/v1/communities/${community.id}/detail`);
    expect(res.body.applied).toBe(true);
  });
});

describe('POST /api/v1/community_applications', () => {
  it('requires signing in', async () => {
    const { community } = await communityWithItems();
    const res = await request(t.app).post('/api/v1/community_applications').send(payload(community.id, []));
    expect(res.status).toBe(401);
    expect(res.body.messages.base[0]).toBe('ログインしてください');
    expect(await applicationCount(community.id)).toBe(0);
  });

  it('stores the application and its answers, sets the completion flag and notifies accepted brand members', async () => {
    const brand = await createBrand(t.orm);
    const otherBrand = await createBrand(t.orm);
    const accepted = await createBrandMember(t.orm, brand.id, { email: 'staff-accepted@example.com' });
    await createBrandMember(t.orm, brand.id, { email: 'staff-pending@example.com', accepted: false });
    await createBrandMember(t.orm, otherBrand.id, { email: 'staff-other@example.com' });
    const { community, motive, skill } = await communityWithItems({ name: '信州みそ部', brandIds: [brand.id] });
    const { user, agent } = await applicant();

    const res = await agent.post('/api/v1/community_applications').send(
      payload(community.id, [
        { community_application_question_id: motive.id, content: '  発酵食品に興味があります  ' },
        { community_application_question_id: skill.id, content: '料理' },
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      community_id: community.id,
      occupation_id: 1,
      full_name: '応募 花子',
      gender: 'female',
      postal_code: '3900874',
      birthday: '1990-04-15',
      answers: [
        { community_application_question_id: motive.id, content: '発酵食品に興味があります' },
        { community_application_question_id: skill.id, content: '料理' },
      ],
    });

    const stored = await em().findOneOrFail(CommunityApplication, { id: res.body.id }, { populate: ['answers'] });
    expect(stored.user.id).toBe(user.id);
    expect(stored.birthday).toBe('1990-04-15');
    expect(
      stored.answers
        .getItems()
        .map((a) => a.content)
        .sort(),
    ).toEqual(['料理', '発酵食品に興味があります']);

    const mails = await em().find(MailOutbox, { dedupeKey: { $like: `community_application:${res.body.id}:brand_member:%` } });
    expect(mails.map((m) => m.toAddress)).toEqual(['staff-accepted@example.com']);
    expect(mails[0].dedupeKey).toBe(`community_application:${res.body.id}:brand_member:${accepted.id}`);
    expect(mails[0].subject).toContain('信州みそ部');
    expect(mails[0].textBody).toContain('応募 花子');

    const sessions = await em().getConnection().execute<{ sess: { flags?: Record<string, boolean> } }[]>('SELECT sess FROM session');
    expect(sessions.some((s) => s.sess.flags?.[`communityApplication:${community.id}`] === true)).toBe(true);
  });

  it("mails the applicant a receipt: the community, when, and that the brand writes to the account's address; a refused application mails nobody", async () => {
    const { community, motive } = await communityWithItems({ name: '湘南ビーチクリーン部' });
    // Signed in and applying at 10:30 Japan time (01:30 UTC) on 5 January 2027: the time the mail states is the
    // subject, so only Date is faked (from the sign-in on, so the session's expiry follows the same clock).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-05T01:30:00Z') });
    let res: request.Response;
    let user: { email: string };
    try {
      const signedIn = await createSignedInUser(t, { name: '応募 花子', email: 'receipt-hanako@example.com' });
      user = signedIn.user;
      const refused = await signedIn.agent.post('/api/v1/community_applications').send(payload(community.id, []));
      expect(refused.status).toBe(422);
      expect(await em().count(MailOutbox, { toAddress: user.email })).toBe(0);
      res = await signedIn.agent
        .post('/api/v1/community_applications')
        .send(payload(community.id, [{ community_application_question_id: motive.id, content: '海を守りたい' }]));
    } finally {
      vi.useRealTimers();
    }
    expect(res.status).toBe(201);
    const mails = await em().find(MailOutbox, { toAddress: user.email });
    expect(mails.map((m) => m.dedupeKey)).toEqual([`community_application:${res.body.id}:applicant`]);
    const [mail] = mails;
    expect(mail.footer).toBe('user');
    expect(mail.subject).toBe('【たびとこ】コミュニティへの申し込みを受け付けました：湘南ビーチクリーン部');
    const base = publicBaseUrl(t.env);
    // The whole text: how the brand will reach the applicant (by mail, at the account's address, named here) and
    // what the brand was told; the outbox's account settings line comes before the signature (mail.footer.ts).
    expect(mail.textBody).toBe(
      [
        '応募 花子 様',
        '',
        'コミュニティ「湘南ビーチクリーン部」への申し込みを受け付けました。お申し込みありがとうございます。',
        '',
        '■ コミュニティ: 湘南ビーチクリーン部',
        '■ 申し込み日時: 2027年1月5日(火) 10:30',
        '',
        '■ 今後の流れ',
        'コミュニティの運営担当者（運営するブランドの担当者。ブランドのないコミュニティでは、たびとこ事務局）が申し込み内容を確認し、参加について、アカウントのメールアドレスあてに直接メールでご連絡します。',
        'ご連絡先のメールアドレス: receipt-hanako@example.com',
        '運営担当者には、質問への回答と、氏名・年齢・職業・このメールアドレスをお知らせしています。',
        'アカウントのメールアドレスを変更した場合は、変更後のアドレスにご連絡します。',
        '確認にはお時間をいただく場合があります。',
        '',
        `コミュニティのページ: ${base}/communities/${community.id}`,
        '申し込みの取り消しやご不明な点、このメールに心当たりがない場合は、お問い合わせフォームからご連絡ください。',
        `お問い合わせフォーム: ${base}/inquiry`,
        '',
        `お知らせメールの設定・アカウントの設定: ${base}/account`,
        '',
        '--',
        'たびとこ',
        `${base}`,
        '',
      ].join('\n'),
    );
  });

  it('accepts a blank optional answer and drops it; full-width postal digits become ASCII', async () => {
    const { community, motive, skill } = await communityWithItems();
    const { agent } = await applicant();
    const res = await agent.post('/api/v1/community_applications').send(
      payload(
        community.id,
        [
          { community_application_question_id: motive.id, content: '参加したいです' },
          { community_application_question_id: skill.id, content: '   ' },
        ],
        { postal_code: '３９００８７４', address: '', community_id: String(community.id), occupation_id: '2' },
      ),
    );
    expect(res.status).toBe(201);
    const stored = await em().findOneOrFail(CommunityApplication, { id: res.body.id }, { populate: ['answers'] });
    expect(stored.postalCode).toBe('3900874');
    expect(stored.address).toBeNull();
    expect(stored.answers.count()).toBe(1);
  });

  it('accepts a postal code with a hyphen, full-width or not, and stores the seven digits', async () => {
    const { community, motive } = await communityWithItems();
    for (const [typed, stored] of [
      ['060-0042', '0600042'],
      ['０６０－００４２', '0600042'],
    ]) {
      const { agent } = await applicant();
      const res = await agent
        .post('/api/v1/community_applications')
        .send(payload(community.id, [{ community_application_question_id: motive.id, content: '参加したいです' }], { postal_code: typed }));
      expect(res.status, typed).toBe(201);
      const row = await em().findOneOrFail(CommunityApplication, { id: res.body.id });
      expect(row.postalCode).toBe(stored);
    }
  });

  it('lists a missing required answer under messages.answers and stores nothing', async () => {
    const { community, skill } = await communityWithItems();
    const { agent } = await applicant();
    const res = await agent
      .post('/api/v1/community_applications')
      .send(payload(community.id, [{ community_application_question_id: skill.id, content: '写真' }]));
    expect(res.status).toBe(422);
    expect(res.body.status).toBe(422);
    expect(res.body.messages.answers).toEqual(['「参加の動機」を入力してください']);
    expect(await applicationCount(community.id)).toBe(0);
    expect(await em().count(CommunityApplicationAnswer, { question: skill.id })).toBe(0);
  });

  it('refuses answers to hidden items, to items of another community and duplicates', async () => {
    const { community, motive, hidden } = await communityWithItems();
    const { questions: foreign } = await createCommunity(t.orm, { questions: [{ name: '別の質問' }] });
    const { agent } = await applicant();
    const ok = { community_application_question_id: motive.id, content: '動機' };
    const cases = [
      {
        answers: [ok, { community_application_question_id: hidden.id, content: 'x' }],
        message: '現在受け付けていない質問への回答が含まれています',
      },
      {
        answers: [ok, { community_application_question_id: foreign[0].id, content: 'x' }],
        message: '申し込み先のコミュニティにない質問への回答が含まれています',
      },
      {
        answers: [ok, { community_application_question_id: 99999999, content: 'x' }],
        message: '申し込み先のコミュニティにない質問への回答が含まれています',
      },
      { answers: [ok, { ...ok, content: '二回目' }], message: '同じ質問への回答が重複しています' },
    ];
    for (const c of cases) {
      const res = await agent.post('/api/v1/community_applications').send(payload(community.id, c.answers));
      expect(res.status, c.message).toBe(422);
      expect(res.body.messages.answers).toContain(c.message);
    }
    expect(await applicationCount(community.id)).toBe(0);
    expect(await em().count(CommunityApplicationAnswer, { question: foreign[0].id })).toBe(0);
  });

  it('refuses a second application by the same user', async () => {
    const { community, motive } = await communityWithItems();
    const { agent } = await applicant();
    const body = payload(community.id, [{ community_application_question_id: motive.id, content: '動機' }]);
    expect((await agent.post('/api/v1/community_applications').send(body)).status).toBe(201);
    const again = await agent.post('/api/v1/community_applications').send(body);
    expect(again.status).toBe(422);
    expect(again.body.messages.base).toEqual(['このコミュニティにはすでに申し込み済みです']);
    expect(await applicationCount(community.id)).toBe(1);
  });

  it('keeps one application when the same user submits twice at once', async () => {
    const { community, motive } = await communityWithItems();
    const { agent } = await applicant();
    const body = payload(community.id, [{ community_application_question_id: motive.id, content: '動機' }]);
    const results = await Promise.all([1, 2, 3].map(() => agent.post('/api/v1/community_applications').send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const r of results.filter((r) => r.status === 422))
      expect(r.body.messages.base).toEqual(['このコミュニティにはすでに申し込み済みです']);
    expect(await applicationCount(community.id)).toBe(1);
  });

  it('answers every bad field with 422 and a Japanese message, storing nothing', async () => {
    const { community, motive } = await communityWithItems();
    const { agent } = await applicant();
    const answers = [{ community_application_question_id: motive.id, content: '動機' }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ birthday: '2001-02-31' }, 'birthday', '存在しない日付です。生年月日を確認してください'],
      [{ birthday: '2001-13-01' }, 'birthday', '存在しない日付です。生年月日を確認してください'],
      [{ birthday: '1922-12-31' }, 'birthday', '生まれた年は1923年から2023年の間で選択してください'],
      [{ birthday: '2024-01-01' }, 'birthday', '生まれた年は1923年から2023年の間で選択してください'],
      [{ birthday: '1990/04/15' }, 'birthday', '存在しない日付です。生年月日を確認してください'],
      [{ birthday: '' }, 'birthday', '生年月日を選択してください'],
      [{ postal_code: '39a0874' }, 'postal_code', '郵便番号は「150-0001」または「1500001」の形で入力してください'],
      [{ postal_code: '3900-874' }, 'postal_code', '郵便番号は「150-0001」または「1500001」の形で入力してください'],
      [{ postal_code: '39008' }, 'postal_code', '郵便番号は7桁の数字で入力してください'],
      [{ postal_code: '' }, 'postal_code', '郵便番号を入力してください'],
      [{ full_name: '   ' }, 'full_name', '氏名を入力してください'],
      [{ full_name: 'あ'.repeat(101) }, 'full_name', '氏名は100文字以内で入力してください'],
      [{ gender: 'unknown' }, 'gender', '性別を選択してください'],
      [{ gender: undefined }, 'gender', '性別を選択してください'],
      [{ occupation_id: 99999 }, 'occupation_id', '職業を選択してください'],
      [{ occupation_id: 'teacher' }, 'occupation_id', '職業を選択してください'],
      [{ address: 'あ'.repeat(256) }, 'address', '住所は255文字以内で入力してください'],
      [{ answers: 'none' }, 'answers', '回答の形式が正しくありません'],
      [{ answers: [{ community_application_question_id: 'x', content: 1 }] }, 'answers', '回答の形式が正しくありません'],
      [{ community_id: 99999999 }, 'community_id', '申し込み先のコミュニティが見つかりません'],
      [{ community_id: null }, 'community_id', 'コミュニティを指定してください'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await agent.post('/api/v1/community_applications').send(payload(community.id, answers, overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body.messages[field], JSON.stringify(overrides)).toContain(message);
    }
    expect(await applicationCount(community.id)).toBe(0);
  });

  it('refuses an unpublished community', async () => {
    const { community } = await createCommunity(t.orm, { published: false });
    const { agent } = await applicant();
    const res = await agent.post('/api/v1/community_applications').send(payload(community.id, []));
    expect(res.status).toBe(422);
    expect(res.body.messages.community_id).toEqual(['申し込み先のコミュニティが見つかりません']);
    expect(await applicationCount(community.id)).toBe(0);
  });

  it('stores no mail when nothing is stored', async () => {
    const brand = await createBrand(t.orm);
    await createBrandMember(t.orm, brand.id);
    const { community } = await communityWithItems({ brandIds: [brand.id] });
    const { agent } = await applicant();
    const before = await em().count(MailOutbox, {});
    expect((await agent.post('/api/v1/community_applications').send(payload(community.id, []))).status).toBe(422);
    expect(await em().count(MailOutbox, {})).toBe(before);
  });
});
