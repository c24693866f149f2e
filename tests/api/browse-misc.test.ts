import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { expectDocumented } from '#tests/api/openapi-contract';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createExperience, createAmbassadorExperience } from '#tests/factories/experiences';
import { createReview } from '#tests/factories/reviews';
import { HoldingRequest } from '#src/modules/holding-requests/holding-requests.entity';
import { User } from '#src/modules/users/users.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('GET /api/v1/experiences/{id}/reviews', () => {
  it('lists reviews newest first with the guest and the host reply, 20 per page, with the total count', async () => {
    const host = await createUser(t.orm, { role: 'HOST', name: '山田 はるか' });
    const e = await createExperience(t.orm, { hostUserId: host.id });
    const guest = await createUser(t.orm, { name: '佐藤 ゆうき' });
    const em = t.orm.em.fork();
    const stored = await em.findOneOrFail(User, { id: guest.id });
    stored.avatarUrl = '/images/avatar.png';
    await em.flush();
    for (let i = 0; i < 21; i++) {
      await createReview(t.orm, {
        experienceId: e.id,
        guestId: guest.id,
        rate: 3,
        content: `レビュー${i}`,
        postedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    const newest = await createReview(t.orm, {
      experienceId: e.id,
      guestId: guest.id,
      rate: 4.5,
      content: '最高でした',
      postedAt: new Date(Date.UTC(2026, 5, 1)),
      reply: { content: 'ありがとうございました', userId: host.id },
    });
    await createReview(t.orm, { experienceId: (await createExperience(t.orm)).id, guestId: guest.id, rate: 1 });

    const res = await request(t.app).get(`/api/v1/experiences/${e.id}/reviews`);
    expect(res.status).toBe(200);
    expectDocumented(res, 'GET /api/v1/experiences/{id}/reviews');
    expect(res.body.meta).toEqual({ total_count: 22, page: 1, per_page: 20, total_pages: 2 });
    expect(res.body.reviews).toHaveLength(20);
    expect(res.body.reviews[0]).toEqual({
      id: newest.id,
      from_guest: {
        avatar_url: '/images/avatar.png',
        name: '佐藤 ゆうき',
        posted_at: '2026-06-01T00:00:00.000Z',
        rate: 4.5,
        content: '最高でした',
      },
      from_host: { name: '山田 はるか', posted_at: expect.any(String), content: 'ありがとうございました' },
    });
    expect(res.body.reviews[1].from_host).toBeNull();
    const page2 = await request(t.app).get(`/api/v1/experiences/${e.id}/reviews?page=2`);
    expect(page2.body.reviews.map((r: { from_guest: { content: string } }) => r.from_guest.content)).toEqual(['レビュー1', 'レビュー0']);
  });

  it('uses hosted_by when the replying user is gone, and answers 404/422 for hidden experiences and bad pages', async () => {
    const e = await createExperience(t.orm);
    const guest = await createUser(t.orm);
    await createReview(t.orm, { experienceId: e.id, guestId: guest.id, rate: 5, reply: { content: 'どうも', userId: null } });
    const res = await request(t.app).get(`/api/v1/experiences/${e.id}/reviews`);
    expect(res.body.reviews[0].from_host.name).toBe(e.hostedBy);

    const pending = await createExperience(t.orm, { approve: false });
    await createReview(t.orm, { experienceId: pending.id, guestId: guest.id, rate: 5 });
    expect((await request(t.app).get(`/api/v1/experiences/${pending.id}/reviews`)).status).toBe(404);
    expect((await request(t.app).get('/api/v1/experiences/zz/reviews')).status).toBe(404);
    expect((await request(t.app).get(`/api/v1/experiences/${e.id}/reviews?page=0`)).status).toBe(422);
  });
});

describe('reference lists', () => {
  it('serves categories, themes, occupations and prefectures in order', async () => {
    const categories = await request(t.app).get('/api/v1/categories');
    expect(categories.status).toBe(200);
    expect(categories.body.categories[0]).toEqual({ id: 1, name: 'ものづくり・クラフト' });
    expect(categories.body.categories).toHaveLength(10);
    const themes = await request(t.app).get('/api/v1/themes');
    expect(themes.body.themes).toHaveLength(12);
    expect(themes.body.themes[0]).toEqual({ id: 1, name: '初心者歓迎' });
    const occupations = await request(t.app).get('/api/v1/occupations');
    expect(occupations.body.occupations.at(-1)).toEqual({ id: 15, name: 'その他' });
    const prefectures = await request(t.app).get('/api/v1/prefectures');
    expect(prefectures.body.prefectures).toHaveLength(47);
    expect(prefectures.body.prefectures[12]).toEqual({ id: 13, name: '東京都' });
  });
});

describe('POST /api/v1/experiences/{id}/holding_requests', () => {
  it('answers 403 with a Japanese message when signed out, and stores nothing', async () => {
    const e = await createExperience(t.orm);
    const res = await request(t.app).post(`/api/v1/experiences/${e.id}/holding_requests`);
    expect(res.status).toBe(403);
    expectDocumented(res, 'POST /api/v1/experiences/{id}/holding_requests');
    expect(res.body.messages.base).toEqual(['開催リクエストにはログインが必要です']);
    expect(await t.orm.em.fork().count(HoldingRequest, { experience: e.id })).toBe(0);
  });

  it('stores one request per user and experience; the second is a 422', async () => {
    const e = await createExperience(t.orm);
    const user = await createUser(t.orm);
    const agent = await signedInAgent(t.app, user.email);
    const res = await agent.post(`/api/v1/experiences/${e.id}/holding_requests`);
    expect(res.status).toBe(201);
    expectDocumented(res, 'POST /api/v1/experiences/{id}/holding_requests');
    expect(res.body).toMatchObject({ experience_id: e.id, message: '開催リクエストを送信しました。' });
    const rows = await t.orm.em.fork().find(HoldingRequest, { experience: e.id });
    expect(rows.map((r) => r.user.id)).toEqual([user.id]);
    expect(rows[0].id).toBe(res.body.id);

    const again = await agent.post(`/api/v1/experiences/${e.id}/holding_requests`);
    expect(again.status).toBe(422);
    expect(again.body.messages.base).toEqual(['この体験にはすでにリクエスト済みです']);
    expect(await t.orm.em.fork().count(HoldingRequest, { experience: e.id })).toBe(1);

    // Another user may ask too.
    const other = await createUser(t.orm);
    expect((await (await signedInAgent(t.app, other.email)).post(`/api/v1/experiences/${e.id}/holding_requests`)).status).toBe(201);
  });

  it('refuses the host themselves, unpublished experiences, bad ids and cross-site posts', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const e = await createExperience(t.orm, { hostUserId: host.id });
    const hostAgent = await signedInAgent(t.app, host.email);
    const own = await hostAgent.post(`/api/v1/experiences/${e.id}/holding_requests`);
    expect(own.status).toBe(422);
    expect(own.body.messages.base).toEqual(['ご自身の体験にはリクエストできません']);

    const member = await createUser(t.orm, { role: 'HOST' });
    const { experience: ambassadorExperience } = await createAmbassadorExperience(t.orm, { memberUserId: member.id });
    expect(
      (await (await signedInAgent(t.app, member.email)).post(`/api/v1/experiences/${ambassadorExperience.id}/holding_requests`)).status,
    ).toBe(422);

    const pending = await createExperience(t.orm, { hostUserId: host.id, approve: false });
    const user = await createUser(t.orm);
    const agent = await signedInAgent(t.app, user.email);
    expect((await agent.post(`/api/v1/experiences/${pending.id}/holding_requests`)).status).toBe(404);
    expect((await hostAgent.post(`/api/v1/experiences/${pending.id}/holding_requests`)).status).toBe(404);
    expect((await agent.post('/api/v1/experiences/abc/holding_requests')).status).toBe(404);
    const crossSite = await agent.post(`/api/v1/experiences/${e.id}/holding_requests`).set('Origin', 'https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({
      status: 403,
      message: '別のサイトからのリクエストは受け付けられません',
      messages: { base: ['別のサイトからのリクエストは受け付けられません'] },
    });
    expect(await t.orm.em.fork().count(HoldingRequest, { user: user.id })).toBe(0);
  });
});

describe('GET /api/v1/profiles/{id}', () => {
  it("shows a host's name, avatar, introduction and published experiences only", async () => {
    const host = await createUser(t.orm, { role: 'HOST', name: '陶芸家 たろう' });
    const em = t.orm.em.fork();
    const stored = await em.findOneOrFail(User, { id: host.id });
    stored.introduction = '京都で器をつくっています。';
    await em.flush();
    const a = await createExperience(t.orm, { hostUserId: host.id, title: '器づくり' });
    await createExperience(t.orm, { hostUserId: host.id, title: '申請中', approve: false });
    const res = await request(t.app).get(`/api/v1/profiles/${host.id}`);
    expect(res.status).toBe(200);
    expectDocumented(res, 'GET /api/v1/profiles/{id}');
    expect(res.body).toMatchObject({ id: host.id, name: '陶芸家 たろう', avatar_url: null, introduction: '京都で器をつくっています。' });
    expect(res.body.experiences.map((e: { id: number }) => e.id)).toEqual([a.id]);
    expect(res.body).not.toHaveProperty('email');
  });

  it('answers 404 for users without a published experience and for bad ids', async () => {
    const guest = await createUser(t.orm);
    const res = await request(t.app).get(`/api/v1/profiles/${guest.id}`);
    expect(res.status).toBe(404);
    expectDocumented(res, 'GET /api/v1/profiles/{id}');
    expect(res.body.messages.user).toEqual(['ユーザーが見つかりませんでした']);
    const host = await createUser(t.orm, { role: 'HOST' });
    await createExperience(t.orm, { hostUserId: host.id, approve: false });
    expect((await request(t.app).get(`/api/v1/profiles/${host.id}`)).status).toBe(404);
    for (const id of ['me', '0', '12345678901']) expect((await request(t.app).get(`/api/v1/profiles/${id}`)).status).toBe(404);
  });
});
