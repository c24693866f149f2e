// The administrators' list of community applications (docs/decisions/admin-lists.md): every community's applications,
// a brandless community's included, newest first in pages of 20; the applicant keyword as typed (spaces, width,
// katakana), the community, brand or ブランドなし, 対応済み/未対応 and applied-day filters; the detail with the
// applicant's current address; the portal's 対応済み toggle, audited on either door; ADMIN only.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { expectDocumented } from '#tests/api/openapi-contract';
import { createBrand, createBrandMember, createCommunity } from '#tests/factories/communities';
import { createSignedInUser } from '#tests/factories/users';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { CommunityApplication } from '#src/modules/communities/communities.entity';
import { type Agent, NON_ADMIN, expectedDenial, send, setupCallers, type Callers, type Method } from './admin-helpers';
import { createApplication, createSignableMember, portalAgent } from './brand-portal-helpers';

let t: TestApp;
let c: Callers;
let portal: Agent;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  // みなと味噌 has a member who signed in; さくら醤油 only a pending invitation; 茶の湯の会 belongs to no brand.
  const minato = await createBrand(t.orm, { name: 'みなと味噌' });
  const sakura = await createBrand(t.orm, { name: 'さくら醤油' });
  await createBrandMember(t.orm, sakura.id, { accepted: false });
  const member = await createSignableMember(t, minato.id);
  ids.member = member.id;
  portal = await portalAgent(t, member.email);
  ids.minato = minato.id;
  ids.sakura = sakura.id;
  const woodwork = await createCommunity(t.orm, { name: '木工の会', brandIds: [minato.id] });
  const dye = await createCommunity(t.orm, { name: '藍染めの会', brandIds: [sakura.id] });
  const tea = await createCommunity(t.orm, { name: '茶の湯の会', questions: [{ name: '参加の動機', required: true }] });
  ids.woodwork = woodwork.community.id;
  ids.dye = dye.community.id;
  ids.tea = tea.community.id;
  ids.teaQuestion = tea.questions[0].id;
  // Oldest first, so the list shows them the other way round.
  ids.sato = (await createApplication(t, ids.woodwork, null, '佐藤 ゆうき')).id;
  ids.suzuki = (await createApplication(t, ids.dye, null, '鈴木　はるか')).id;
  ids.tanaka = (await createApplication(t, ids.tea, null, 'タナカ ケンタ')).id;
  ids.anna = (await createApplication(t, ids.tea, null, 'ＡＮＮＡ　Ｓｍｉｔｈ')).id;
});

const em = () => t.orm.em.fork();
const list = (query = '') => c.agents.admin.get(`/api/v1/admin/community-applications${query ? `?${query}` : ''}`);
const namesOf = async (query: string) => {
  const res = await list(query);
  expect(res.status, query).toBe(200);
  return (res.body.community_applications as { user_name: string }[]).map((row) => row.user_name);
};
const q = (keyword: string) => `q=${encodeURIComponent(keyword)}`;

describe('GET /api/v1/admin/community-applications', () => {
  it("lists every community's applications newest first, with each community's brands and the filters' choices", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body.community_applications).toEqual([
      {
        id: ids.anna,
        community_id: ids.tea,
        community_name: '茶の湯の会',
        user_name: 'ＡＮＮＡ　Ｓｍｉｔｈ',
        applied_at: expect.any(String),
        handled: false,
        brands: [],
      },
      {
        id: ids.tanaka,
        community_id: ids.tea,
        community_name: '茶の湯の会',
        user_name: 'タナカ ケンタ',
        applied_at: expect.any(String),
        handled: false,
        brands: [],
      },
      {
        id: ids.suzuki,
        community_id: ids.dye,
        community_name: '藍染めの会',
        user_name: '鈴木　はるか',
        applied_at: expect.any(String),
        handled: false,
        brands: [{ id: ids.sakura, name: 'さくら醤油' }],
      },
      {
        id: ids.sato,
        community_id: ids.woodwork,
        community_name: '木工の会',
        user_name: '佐藤 ゆうき',
        applied_at: expect.any(String),
        handled: false,
        brands: [{ id: ids.minato, name: 'みなと味噌' }],
      },
    ]);
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 4 });
    // The communities with applications and the brands with communities (not the callers' brand, which has none).
    expect(res.body.communities).toEqual([
      { id: ids.tea, name: '茶の湯の会' },
      { id: ids.dye, name: '藍染めの会' },
      { id: ids.woodwork, name: '木工の会' },
    ]);
    expect(res.body.brands).toEqual([
      { id: ids.sakura, name: 'さくら醤油' },
      { id: ids.minato, name: 'みなと味噌' },
    ]);
  });

  it('finds an applicant by name as typed: with or without spaces, either width, katakana as hiragana', async () => {
    expect(await namesOf(q('佐藤ゆうき'))).toEqual(['佐藤 ゆうき']);
    expect(await namesOf(q('佐藤　ゆうき'))).toEqual(['佐藤 ゆうき']);
    expect(await namesOf(q('鈴木 はるか'))).toEqual(['鈴木　はるか']);
    expect(await namesOf(q('すずきはるか'))).toEqual([]);
    expect(await namesOf(q('たなか'))).toEqual(['タナカ ケンタ']);
    expect(await namesOf(q('ﾀﾅｶｹﾝﾀ'))).toEqual(['タナカ ケンタ']);
    expect(await namesOf(q('anna smith'))).toEqual(['ＡＮＮＡ　Ｓｍｉｔｈ']);
    expect(await namesOf(q('ＳＭＩＴＨ'))).toEqual(['ＡＮＮＡ　Ｓｍｉｔｈ']);
    // The community's name is not the applicant's.
    expect(await namesOf(q('茶の湯'))).toEqual([]);
    expect(await namesOf(q('%'))).toEqual([]);
    // Only spaces, or blank fields as a GET form sends them: no filter.
    expect(await namesOf(`${q('　 ')}&community_id=&brand_id=&handled=&since=&until=`)).toHaveLength(4);
  });

  it('narrows by community, brand, ブランドなし, 対応済み/未対応 and applied days, with the count', async () => {
    expect(await namesOf(`community_id=${ids.tea}`)).toEqual(['ＡＮＮＡ　Ｓｍｉｔｈ', 'タナカ ケンタ']);
    expect(await namesOf('brand_id=none')).toEqual(['ＡＮＮＡ　Ｓｍｉｔｈ', 'タナカ ケンタ']);
    expect(await namesOf(`brand_id=${ids.minato}`)).toEqual(['佐藤 ゆうき']);
    expect(await namesOf(`brand_id=${ids.sakura}&${q('すずき')}`)).toEqual([]);
    expect(await namesOf(`brand_id=none&${q('たなか')}`)).toEqual(['タナカ ケンタ']);
    // Unknown ids find nothing.
    expect(await namesOf('community_id=999999')).toEqual([]);
    expect(await namesOf('brand_id=999999')).toEqual([]);

    const setResolved = (resolved: boolean) =>
      em().execute('UPDATE community_applications SET resolved = ? WHERE id = ?', [resolved, ids.tanaka]);
    await setResolved(true);
    const handled = await list('handled=true');
    expect(handled.body.community_applications.map((x: { id: number }) => x.id)).toEqual([ids.tanaka]);
    expect(handled.body.meta.total_count).toBe(1);
    expect(await namesOf('handled=false&brand_id=none')).toEqual(['ＡＮＮＡ　Ｓｍｉｔｈ']);
    await setResolved(false);

    expect(await namesOf('since=2999-01-01')).toEqual([]);
    expect(await namesOf('until=2000-01-01')).toEqual([]);
    expect(await namesOf('since=2000-01-01&until=2999-12-31')).toHaveLength(4);
  });

  it('keeps a community or brand the URL names among the choices, beside the newest', async () => {
    const res = await list(`community_id=${ids.woodwork}&brand_id=${c.ids.brand}`);
    expect(res.status).toBe(200);
    expect(res.body.community_applications).toEqual([]);
    expect(res.body.communities.map((x: { id: number }) => x.id)).toContain(ids.woodwork);
    // The callers' brand has no community, so it is offered only because the URL names it.
    expect(res.body.brands).toContainEqual({ id: c.ids.brand, name: '権限確認用のブランド' });
  });

  it('pages 20 at a time, keeping the filters; past the end answers the last page', async () => {
    for (let i = 1; i <= 22; i++) await createApplication(t, ids.dye, null, `まとめ 申込 ${i}`);
    const first = await list(`${q('まとめ')}&brand_id=${ids.sakura}`);
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 22 });
    expect(first.body.community_applications).toHaveLength(20);
    expect(first.body.community_applications[0].user_name).toBe('まとめ 申込 22');
    const second = await list(`${q('まとめ')}&brand_id=${ids.sakura}&page=2`);
    expect(second.body.community_applications.map((x: { user_name: string }) => x.user_name)).toEqual(['まとめ 申込 2', 'まとめ 申込 1']);
    const beyond = await list(`${q('まとめ')}&brand_id=${ids.sakura}&page=9`);
    expect(beyond.body.meta.current_page).toBe(2);
    expect(beyond.body.community_applications).toEqual(second.body.community_applications);
  });

  it('refuses malformed filters with 422 and a Japanese message', async () => {
    const cases: [string, string, string][] = [
      ['community_id=abc', 'community_id', '絞り込み条件が正しくありません'],
      ['brand_id=-1', 'brand_id', '絞り込み条件が正しくありません'],
      ['handled=maybe', 'handled', '絞り込み条件が正しくありません'],
      ['since=2026-02-30', 'since', '開始日は YYYY-MM-DD の形式の正しい日付で指定してください'],
      ['since=2026-03-02&until=2026-03-01', 'until', '終了日は開始日以降の日付を指定してください'],
      [q('あ'.repeat(101)), 'q', 'キーワードは100文字以内で入力してください'],
      ['page=0', 'page', expect.any(String)],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expectDocumented(res);
      expect(res.body.messages[field], query).toEqual([message]);
    }
  });
});

describe('GET /api/v1/admin/community-applications/{id}', () => {
  it("shows a brandless community's application with its answers and the account's address as it is now", async () => {
    const { user, agent } = await createSignedInUser(t, { name: '応募 花子', email: 'admin-view-hanako@example.com' });
    const applied = await agent.post('/api/v1/community_applications').send({
      community_id: ids.tea,
      occupation_id: 1,
      full_name: '応募 花子',
      gender: 'female',
      postal_code: '6050073',
      address: '',
      birthday: '1990-04-15',
      answers: [{ community_application_question_id: ids.teaQuestion, content: 'お茶を\n習いたいです' }],
    });
    expect(applied.status).toBe(201);
    const id = applied.body.id as number;
    const res = await c.agents.admin.get(`/api/v1/admin/community-applications/${id}`);
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toEqual({
      id,
      community_id: ids.tea,
      community_name: '茶の湯の会',
      user_name: '応募 花子',
      applied_at: expect.any(String),
      handled: false,
      user_age: expect.any(Number),
      occupation: '会社員',
      user_email: 'admin-view-hanako@example.com',
      user_left: false,
      answers: [{ question: '参加の動機', answer: 'お茶を\n習いたいです' }],
      brands: [],
      user_id: user.id,
    });
    await em().execute('UPDATE users SET email = ? WHERE id = ?', ['admin-view-renamed@example.com', user.id]);
    const renamed = await c.agents.admin.get(`/api/v1/admin/community-applications/${id}`);
    expect(renamed.body.user_email).toBe('admin-view-renamed@example.com');

    const branded = await c.agents.admin.get(`/api/v1/admin/community-applications/${ids.sato}`);
    expect(branded.body).toMatchObject({ id: ids.sato, community_name: '木工の会', brands: [{ id: ids.minato, name: 'みなと味噌' }] });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const bad of ['999999999', 'abc', '0']) {
      const res = await c.agents.admin.get(`/api/v1/admin/community-applications/${bad}`);
      expect(res.status, bad).toBe(404);
      expectDocumented(res);
      expect(res.body.messages).toEqual({ community_application: ['コミュニティへの申し込みが見つかりませんでした'] });
    }
  });
});

describe('PUT /api/v1/admin/community-applications/{id}', () => {
  const trail = async (id: number) =>
    (await em().find(AuditLog, { entityType: 'community_application', entityId: id }, { orderBy: { id: 'asc' } })).map((e) => [
      e.actor,
      e.action,
      e.before,
      e.after,
    ]);

  it('marks an application 対応済み and back, each change audited; the same state again records nothing', async () => {
    const put = (handled: boolean) => c.agents.admin.put(`/api/v1/admin/community-applications/${ids.anna}`).send({ handled });
    const done = await put(true);
    expect(done.status).toBe(200);
    expectDocumented(done);
    expect(done.body).toMatchObject({ id: ids.anna, handled: true, brands: [] });
    expect((await em().findOneOrFail(CommunityApplication, { id: ids.anna })).resolved).toBe(true);
    expect((await put(true)).status).toBe(200);
    expect((await put(false)).body.handled).toBe(false);
    const admin = `user:${c.ids.admin}`;
    expect(await trail(ids.anna)).toEqual([
      [admin, 'resolve', { handled: false }, { handled: true }],
      [admin, 'unresolve', { handled: true }, { handled: false }],
    ]);
    const shown = await c.agents.admin.get(`/api/v1/admin/audit?entity=community_application&id=${ids.anna}`);
    expect(shown.status).toBe(200);
    expect(shown.body.entries.map((e: { action: string }) => e.action)).toEqual(['unresolve', 'resolve']);
  });

  it("is the brand portal's toggle: a brand member's change is audited alike, and both doors see it", async () => {
    const saved = await portal.put(`/brand/api/v1/community-applications/${ids.sato}`).send({ handled: true });
    expect(saved.status).toBe(200);
    const [entry] = await em().find(AuditLog, { entityType: 'community_application', entityId: ids.sato });
    expect([entry.actor, entry.action, entry.before, entry.after]).toEqual([
      `brandMember:${ids.member}`,
      'resolve',
      { handled: false },
      { handled: true },
    ]);
    expect((await c.agents.admin.get(`/api/v1/admin/community-applications/${ids.sato}`)).body.handled).toBe(true);
    const back = await c.agents.admin.put(`/api/v1/admin/community-applications/${ids.sato}`).send({ handled: false });
    expect(back.body.handled).toBe(false);
    expect((await portal.get(`/brand/api/v1/community-applications/${ids.sato}`)).body.handled).toBe(false);
  });

  it('refuses a malformed body (422) and an unknown id (404), changing and recording nothing', async () => {
    for (const body of [{}, { handled: 'true' }, { handled: 1 }, { handled: null }]) {
      const res = await c.agents.admin.put(`/api/v1/admin/community-applications/${ids.suzuki}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.messages.handled).toEqual(['対応状況を選択してください']);
    }
    const unknown = await c.agents.admin.put('/api/v1/admin/community-applications/999999999').send({ handled: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages).toEqual({ community_application: ['コミュニティへの申し込みが見つかりませんでした'] });
    expect((await em().findOneOrFail(CommunityApplication, { id: ids.suzuki })).resolved).toBe(false);
    expect(await trail(ids.suzuki)).toEqual([]);
  });
});

describe('who may call them', () => {
  it('refuses everyone but ADMIN as the other admin calls do (401 signed out or a portal session, 403 otherwise)', async () => {
    const calls: [Method, string, unknown?][] = [
      ['get', '/api/v1/admin/community-applications'],
      ['get', `/api/v1/admin/community-applications?brand_id=none&${q('たなか')}`],
      ['get', `/api/v1/admin/community-applications/${ids.tanaka}`],
      ['put', `/api/v1/admin/community-applications/${ids.tanaka}`, { handled: true }],
    ];
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const res = await send(c.agents[caller], method, url, body);
        expect(res.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
        expectDocumented(res);
        expect(res.body.messages.base, `${caller} ${method} ${url}`).toEqual([expect.any(String)]);
        expect(res.text).not.toContain('タナカ');
      }
    }
    // A member of the community's own brand is no administrator either.
    expect((await portal.get(`/api/v1/admin/community-applications/${ids.sato}`)).status).toBe(401);
    expect((await em().findOneOrFail(CommunityApplication, { id: ids.tanaka })).resolved).toBe(false);
    expect(await em().count(AuditLog, { entityType: 'community_application', entityId: ids.tanaka })).toBe(0);
  });
});

describe("the filters' choices beyond their limit", () => {
  it('offers the 100 newest communities with applications, and the one the URL names in place of the 100th', async () => {
    const created: number[] = [];
    for (let i = 1; i <= 101; i++) {
      const { community } = await createCommunity(t.orm, { name: `上限確認の会 ${i}` });
      await createApplication(t, community.id, null, `上限 申込 ${i}`);
      created.push(community.id);
    }
    const newest = (await list()).body.communities.map((x: { id: number }) => x.id);
    expect(newest).toEqual(created.slice(1).reverse());
    const named = (await list(`community_id=${ids.woodwork}`)).body.communities.map((x: { id: number }) => x.id);
    expect(named).toHaveLength(100);
    expect(named).toContain(ids.woodwork);
    expect(named.filter((id: number) => id !== ids.woodwork)).toEqual(created.slice(2).reverse());
  });
});
