import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { loggedQueries } from '#tests/setup/logged-queries';
import { createSignedInUser, createUser, signedInAgent } from '#tests/factories/users';
import { createExperience, createAmbassadorExperience } from '#tests/factories/experiences';
import { Experience } from '#src/modules/experiences/experiences.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('GET /api/v1/experiences/{id}', () => {
  it('returns the spec fields of a published experience to a guest, without online_url', async () => {
    const host = await createUser(t.orm, { role: 'HOST', name: '山田 はるか' });
    const e = await createExperience(t.orm, {
      hostUserId: host.id,
      title: '金継ぎ入門',
      categoryId: 1,
      themeIds: [2, 1],
      prefectureId: 26,
      options: [{ name: '持ち帰り用の箱', price: 500 }],
      images: ['/images/a.jpg', '/images/b.jpg'],
    });
    const res = await request(t.app).get(`/api/v1/experiences/${e.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: e.id,
      title: '金継ぎ入門',
      images: [{ url: '/images/a.jpg' }, { url: '/images/b.jpg' }],
      category_id: 1,
      category_name: 'ものづくり・クラフト',
      themes: [
        { id: 1, name: '初心者歓迎' },
        { id: 2, name: '一人参加OK' },
      ],
      online: false,
      online_url: null,
      options: [{ name: '持ち帰り用の箱', description: '持ち帰り用の箱の説明', price: 500 }],
      address: '京都府京都市東山区五条橋東6-583',
      state: '京都府',
      price: 4500,
      price_side_note: '材料費・焼成費込み',
      recruitment_number: 10,
      set_minimum_number_of_participant_count: false,
      minimum_number_of_participant_count: null,
      cancellation_period: 7,
      cancellation_policy_name: '7日前まで全額返金',
      reservation_notice: null,
      reservation_deadline: 'on_the_day',
      address_displayable: true,
      community_id: null,
      host: { id: host.id, name: '山田 はるか', type: 'user' },
      hosted_by: '山田 はるか',
      approve: true,
    });
    for (const key of ['description', 'inspiration', 'note']) expect(typeof res.body[key]).toBe('string');
    expect(res.body.options[0].id).toEqual(expect.any(Number));
  });

  it('hides the address when address_displayable is false, and online_url always, from guests', async () => {
    const online = await createExperience(t.orm, { online: true });
    const guestView = await request(t.app).get(`/api/v1/experiences/${online.id}`);
    expect(guestView.body).toMatchObject({ online: true, online_url: null, state: null, address: null });

    const host = await createUser(t.orm, { role: 'HOST' });
    const hidden = await createExperience(t.orm, { hostUserId: host.id, addressDisplayable: false });
    expect((await request(t.app).get(`/api/v1/experiences/${hidden.id}`)).body.address).toBeNull();
    const other = await createUser(t.orm);
    expect((await (await signedInAgent(t.app, other.email)).get(`/api/v1/experiences/${hidden.id}`)).body.address).toBeNull();
    // The host sees their own address and online URL.
    const hostAgent = await signedInAgent(t.app, host.email);
    expect((await hostAgent.get(`/api/v1/experiences/${hidden.id}`)).body.address).toBe('京都府京都市東山区五条橋東6-583');
    const onlineHost = await createUser(t.orm, { role: 'HOST' });
    const own = await createExperience(t.orm, { hostUserId: onlineHost.id, online: true });
    const ownView = await (await signedInAgent(t.app, onlineHost.email)).get(`/api/v1/experiences/${own.id}`);
    expect(ownView.body.online_url).toBe('https://meet.example.com/abc');
  });

  it('answers 404 for an unpublished experience to guests and other users, 200 to its host, a member and an admin', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const pending = await createExperience(t.orm, { hostUserId: host.id, approve: false });
    const guest = await request(t.app).get(`/api/v1/experiences/${pending.id}`);
    expect(guest.status).toBe(404);
    expect(guest.body).toMatchObject({ status: 404, message: '体験が見つかりませんでした' });
    expect(guest.body.messages.experience).toEqual(['体験が見つかりませんでした']);
    const stranger = await createUser(t.orm);
    expect((await (await signedInAgent(t.app, stranger.email)).get(`/api/v1/experiences/${pending.id}`)).status).toBe(404);

    const hostView = await (await signedInAgent(t.app, host.email)).get(`/api/v1/experiences/${pending.id}`);
    expect(hostView.status).toBe(200);
    expect(hostView.body.approve).toBe(false);
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    expect((await (await signedInAgent(t.app, admin.email)).get(`/api/v1/experiences/${pending.id}`)).status).toBe(200);

    const member = await createUser(t.orm, { role: 'HOST' });
    const { experience: ambassadorPending, ambassador } = await createAmbassadorExperience(t.orm, {
      memberUserId: member.id,
      approve: false,
      online: true,
    });
    const memberView = await (await signedInAgent(t.app, member.email)).get(`/api/v1/experiences/${ambassadorPending.id}`);
    expect(memberView.status).toBe(200);
    expect(memberView.body.host).toMatchObject({ id: ambassador.id, type: 'ambassador', name: ambassador.name });
    expect(memberView.body.online_url).toBe('https://meet.example.com/abc');
    expect((await request(t.app).get(`/api/v1/experiences/${ambassadorPending.id}`)).status).toBe(404);
  });

  it('answers malformed and unknown ids with 404, never 500', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
      const res = await request(t.app).get(`/api/v1/experiences/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.messages.experience[0]).toBe('体験が見つかりませんでした');
    }
    // A NUL in any API path is refused before the routes (server/middleware/clean-input.ts): the API's plain 404.
    const nul = await request(t.app).get('/api/v1/experiences/%00');
    expect(nul.status).toBe(404);
    expect(nul.body.messages.base[0]).toBe('見つかりませんでした');
    expect((await request(t.app).get('/api/v1/experiences/987654')).status).toBe(404);
  });
});

describe('GET /api/v1/stories', () => {
  // A database of its own makes the list exact.
  let s: TestApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    s = await setupTestApp();
    const host = await createUser(s.orm, { role: 'HOST' });
    // 14 published in Kyoto (category 1, theme 1) created oldest first, one in Tokyo (category 2, theme 3),
    // one online, one unpublished.
    for (let i = 0; i < 14; i++) {
      const e = await createExperience(s.orm, { hostUserId: host.id, title: `京都の体験${i}` });
      ids[`kyoto${i}`] = e.id;
    }
    ids.tokyo = (
      await createExperience(s.orm, { hostUserId: host.id, title: '東京の体験', prefectureId: 13, categoryId: 2, themeIds: [3] })
    ).id;
    ids.online = (
      await createExperience(s.orm, { hostUserId: host.id, title: 'オンラインの体験', online: true, categoryId: 9, themeIds: [1, 3] })
    ).id;
    ids.pending = (await createExperience(s.orm, { hostUserId: host.id, title: '申請中の体験', approve: false })).id;
    // Make creation order explicit (same-millisecond inserts would tie).
    const em = s.orm.em.fork();
    const all = await em.find(Experience, {}, { orderBy: { id: 'asc' } });
    for (const [i, e] of all.entries()) e.createdAt = new Date(Date.UTC(2026, 0, 1, 0, i));
    await em.flush();
  });

  it('lists published experiences only, newest first, 12 per page', async () => {
    const res = await request(s.app).get('/api/v1/stories');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total_count: 16, page: 1, per_page: 12, total_pages: 2 });
    expect(res.body.filters).toEqual([]);
    expect(res.body.experiences).toHaveLength(12);
    expect(res.body.experiences[0]).toMatchObject({
      id: ids.online,
      title: 'オンラインの体験',
      online: true,
      state: null,
      price: 4500,
      approve: true,
    });
    expect(res.body.experiences[1]).toMatchObject({
      id: ids.tokyo,
      state: '東京都',
      prefecture_id: 13,
      category_id: 2,
      category_name: '料理・食',
    });
    expect(res.body.experiences[0].images).toEqual([{ id: expect.any(Number), url: '/images/demo/pottery-1.jpg', alt: null }]);
    expect(res.body.experiences.map((e: { id: number }) => e.id)).not.toContain(ids.pending);

    const page2 = await request(s.app).get('/api/v1/stories?page=2');
    expect(page2.body.experiences).toHaveLength(4);
    expect(page2.body.experiences.at(-1).id).toBe(ids.kyoto0);
    const beyond = await request(s.app).get('/api/v1/stories?page=3');
    expect(beyond.status).toBe(200);
    expect(beyond.body.experiences).toEqual([]);
  });

  it('filters by prefecture name or id, category and theme', async () => {
    const byName = await request(s.app).get(`/api/v1/stories?state=${encodeURIComponent('東京都')}`);
    expect(byName.body.experiences.map((e: { id: number }) => e.id)).toEqual([ids.tokyo]);
    expect(byName.body.filters).toEqual([{ type: 'location', id: 13, name: '東京都' }]);
    const byId = await request(s.app).get('/api/v1/stories?state=26');
    expect(byId.body.meta.total_count).toBe(14);

    const category = await request(s.app).get('/api/v1/stories?category_id=9');
    expect(category.body.experiences.map((e: { id: number }) => e.id)).toEqual([ids.online]);
    expect(category.body.filters[0]).toEqual({ type: 'category', id: 9, name: 'オンライン' });

    const theme = await request(s.app).get('/api/v1/stories?theme_id=3');
    expect(theme.body.experiences.map((e: { id: number }) => e.id)).toEqual([ids.online, ids.tokyo]);
    const combined = await request(s.app).get('/api/v1/stories?theme_id=1&category_id=1&page=2');
    expect(combined.body.meta).toEqual({ total_count: 14, page: 2, per_page: 12, total_pages: 2 });

    // A known filter with no published experience is an empty 200.
    const empty = await request(s.app).get('/api/v1/stories?state=47');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ experiences: [], meta: { total_count: 0, total_pages: 1 } });
  });

  it('answers unknown filter values with 404 and bad pages with 422', async () => {
    const cases: [string, string, string][] = [
      ['state=ムー大陸', 'state', 'エリアが見つかりませんでした'],
      ['state=48', 'state', 'エリアが見つかりませんでした'],
      ['state=', 'state', 'エリアが見つかりませんでした'],
      ['category_id=999', 'category', 'カテゴリが見つかりませんでした'],
      ['category_id=abc', 'category', 'カテゴリが見つかりませんでした'],
      ['theme_id=0', 'theme', 'テーマが見つかりませんでした'],
    ];
    for (const [query, key, message] of cases) {
      const res = await request(s.app).get(`/api/v1/stories?${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body.messages[key], query).toEqual([message]);
    }
    for (const page of ['0', '-1', 'abc', '1.5', '99999999']) {
      const res = await request(s.app).get(`/api/v1/stories?page=${page}`);
      expect(res.status, page).toBe(422);
      expect(res.body.messages.page).toEqual(['ページ番号が正しくありません']);
    }
    // Repeated parameters (arrays) are refused, not crashed on.
    expect((await request(s.app).get('/api/v1/stories?page=1&page=2')).status).toBe(422);
    expect((await request(s.app).get('/api/v1/stories?q=a&q=b')).status).toBe(422);
    // Several prefectures are a search, not a repeated parameter.
    expect((await request(s.app).get('/api/v1/stories?state=1&state=2')).status).toBe(200);
  });
});

describe('GET /api/v1/experiences/{id}/other_experiences', () => {
  it("lists the same host's other published experiences with the total count", async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const main = await createExperience(t.orm, { hostUserId: host.id, title: 'メイン' });
    const others = [];
    for (let i = 0; i < 7; i++) others.push(await createExperience(t.orm, { hostUserId: host.id, title: `ほか${i}` }));
    await createExperience(t.orm, { hostUserId: host.id, approve: false, title: '申請中' });
    await createExperience(t.orm, { title: '別のホスト' });
    const res = await request(t.app).get(`/api/v1/experiences/${main.id}/other_experiences`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total_count: 7 });
    expect(res.body.experiences).toHaveLength(6);
    const titles = res.body.experiences.map((e: { title: string }) => e.title);
    expect(titles).not.toContain('メイン');
    expect(titles).not.toContain('申請中');
    expect(titles).not.toContain('別のホスト');
  });

  it("names the signed-in caller's hearted ones in favorite_ids, and none for a guest", async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const main = await createExperience(t.orm, { hostUserId: host.id, title: 'メイン' });
    const hearted = await createExperience(t.orm, { hostUserId: host.id, title: 'お気に入り' });
    await createExperience(t.orm, { hostUserId: host.id, title: 'そのほか' });
    const { agent } = await createSignedInUser(t);
    await agent.put(`/api/v1/experiences/${hearted.id}/favorite`).expect(200);
    await agent.put(`/api/v1/experiences/${main.id}/favorite`).expect(200);
    const path = `/api/v1/experiences/${main.id}/other_experiences`;
    const signedIn = await agent.get(path).expect(200);
    expect(signedIn.body.experiences).toHaveLength(2);
    expect(signedIn.body.favorite_ids).toEqual([hearted.id]);
    expect((await request(t.app).get(path).expect(200)).body.favorite_ids).toEqual([]);
  });

  it('works for ambassador hosts and hides unpublished experiences', async () => {
    const { experience, ambassador } = await createAmbassadorExperience(t.orm);
    const res = await request(t.app).get(`/api/v1/experiences/${experience.id}/other_experiences`);
    expect(res.body).toEqual({ experiences: [], meta: { total_count: 0 }, favorite_ids: [] });
    expect(ambassador.id).toBeGreaterThan(0);
    const pending = await createExperience(t.orm, { approve: false });
    expect((await request(t.app).get(`/api/v1/experiences/${pending.id}/other_experiences`)).status).toBe(404);
    expect((await request(t.app).get('/api/v1/experiences/x/other_experiences')).status).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lists every published experience, and only those, in the sitemap', async () => {
    const published = await createExperience(t.orm);
    const pending = await createExperience(t.orm, { approve: false });
    const res = await request(t.app).get('/sitemap.xml').set('Host', 'example.jp');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.text).toContain(`<loc>http://localhost:3000/stories/${published.id}</loc>`);
    expect(res.text).not.toContain(`/stories/${pending.id}<`);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('uses APP_URL when set, and points robots.txt at the sitemap', async () => {
    const withUrl = await setupTestApp({ APP_URL: 'https://tabitoko.example/' });
    const robots = await request(withUrl.app).get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.text).toContain('User-agent: *');
    expect(robots.text).toContain('Disallow: /api/');
    expect(robots.text).toContain('Sitemap: https://tabitoko.example/sitemap.xml');
    expect(robots.text).not.toMatch(/Disallow: \/stories/);
    const sitemap = await request(withUrl.app).get('/sitemap.xml');
    expect(sitemap.text).toContain('<loc>https://tabitoko.example/stories</loc>');
  });

  it('ignores a forged Host header (links come from APP_URL, else http://localhost:PORT)', async () => {
    const res = await request(t.app).get('/robots.txt').set('Host', 'evil"><script>');
    expect(res.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('query budget (no N+1)', () => {
  it('reads the experience JSON, a list page and a calendar window in a fixed, small number of queries', async () => {
    const q = await setupTestApp();
    const host = await createUser(q.orm, { role: 'HOST' });
    const e = await createExperience(q.orm, {
      hostUserId: host.id,
      themeIds: [1, 2, 3],
      images: ['/a.jpg', '/b.jpg', '/c.jpg'],
      options: [1, 2, 3, 4, 5].map((i) => ({ name: `オプション${i}`, price: i * 100 })),
    });
    const detail = await loggedQueries(q.orm, () => request(q.app).get(`/api/v1/experiences/${e.id}`).expect(200));
    expect(detail.length).toBeGreaterThan(0);
    expect(detail.length).toBeLessThanOrEqual(4);

    // The first list reads the reference lists (prefectures, categories, themes), which are then kept in memory.
    await request(q.app).get('/api/v1/stories').expect(200);
    // The page's cards in one statement (its ids, then their cards); a first page that is not full is the whole
    // result, so its length is the count.
    const one = await loggedQueries(q.orm, () => request(q.app).get('/api/v1/stories').expect(200));
    expect(one.length).toBe(1);
    // A full page of the list without a filter reads its count in the same statement, on any page; a full page of a
    // search also needs the count (a second statement), and that stays so however many cards there are.
    for (let i = 0; i < 11; i++) await createExperience(q.orm, { hostUserId: host.id, images: ['/x.jpg', '/y.jpg'] });
    const twelve = await loggedQueries(q.orm, () => request(q.app).get('/api/v1/stories').expect(200));
    expect(twelve.length).toBe(1);
    const searched = await loggedQueries(q.orm, () => request(q.app).get('/api/v1/stories?online=false').expect(200));
    expect(searched.length).toBe(2);
    for (let i = 0; i < 12; i++) await createExperience(q.orm, { hostUserId: host.id, images: ['/x.jpg', '/y.jpg'] });
    const many = await loggedQueries(q.orm, () => request(q.app).get('/api/v1/stories?page=2').expect(200));
    expect(many.length).toBe(1);
    const searchedMany = await loggedQueries(q.orm, () => request(q.app).get('/api/v1/stories?online=false&page=2').expect(200));
    expect(searchedMany.length).toBe(2);
    // An empty page: the page's statement, then the relaxed searches' counts in one statement (none of them is
    // within a region here, so one statement holds them all).
    const none = await loggedQueries(q.orm, () => request(q.app).get('/api/v1/stories?q=zzzzzz').expect(200));
    expect(none.length).toBe(2);
    const pageTwo = (await request(q.app).get('/api/v1/stories?page=2').expect(200)).body;
    expect(pageTwo.meta).toEqual({ total_count: 24, page: 2, per_page: 12, total_pages: 2 });
    expect(pageTwo.experiences).toHaveLength(12);
    expect((await request(q.app).get('/api/v1/stories?online=false&page=2').expect(200)).body.meta.total_count).toBe(24);

    const calendars = await loggedQueries(q.orm, () => request(q.app).get(`/api/v1/experiences/${e.id}/calendars`).expect(200));
    expect(calendars.length).toBeLessThanOrEqual(3);
  });
});
