// The admin lists' search and filters (communities, brands, ambassadors, the approval queue, coupons): each filter
// narrows, the keyword finds by name, the count follows the filters, a page link keeps them, a bad value is a 422
// with a Japanese message; a community is assigned to a brand (audited); the count stops at 10,000; the CLI's
// list-experiences takes the queue's filters with the same rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createAmbassador, createBrand, createCommunity } from '#tests/factories/communities';
import { createExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { runCli } from '#tests/factories/cli';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { expectedDenial, NON_ADMIN, setupCallers, type Callers } from './admin-helpers';

let t: TestApp;
let c: Callers;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  const minato = await createBrand(t.orm, { name: 'みなと味噌' });
  const sakura = await createBrand(t.orm, { name: 'さくら醤油', published: false });
  ids.minato = minato.id;
  ids.sakura = sakura.id;
  ids.woodwork = (await createCommunity(t.orm, { name: '木工の会', brandIds: [minato.id] })).community.id;
  ids.dye = (await createCommunity(t.orm, { name: '藍染めの会', published: false, brandIds: [sakura.id] })).community.id;
  ids.tea = (await createCommunity(t.orm, { name: 'Tea Ceremony 茶の湯', published: false })).community.id;
  await createAmbassador(t.orm, { name: 'こもれび料理教室' });
  await createAmbassador(t.orm, { name: '山の上の陶芸家', published: false });
});

const get = (path: string) => c.agents.admin.get(path);
const namesOf = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('GET /api/v1/admin/communities', () => {
  it('shows each community with its brands and narrows by brand, no brand, 公開状態 and keyword, with the count', async () => {
    const all = await get('/api/v1/admin/communities');
    expect(all.status).toBe(200);
    expect(namesOf(all.body.communities)).toEqual(['Tea Ceremony 茶の湯', '藍染めの会', '木工の会']);
    expect(all.body.communities[2].brands).toEqual([{ id: ids.minato, name: 'みなと味噌' }]);
    expect(all.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 3 });

    expect(namesOf((await get(`/api/v1/admin/communities?brand_id=${ids.sakura}`)).body.communities)).toEqual(['藍染めの会']);
    expect(namesOf((await get('/api/v1/admin/communities?brand_id=none')).body.communities)).toEqual(['Tea Ceremony 茶の湯']);
    const hidden = await get('/api/v1/admin/communities?published=false');
    expect(namesOf(hidden.body.communities)).toEqual(['Tea Ceremony 茶の湯', '藍染めの会']);
    expect(hidden.body.meta.total_count).toBe(2);
    expect(namesOf((await get(`/api/v1/admin/communities?q=${encodeURIComponent('藍染め')}`)).body.communities)).toEqual(['藍染めの会']);
    // Case-insensitive; the host name is searched too (every factory community has the same host).
    expect(namesOf((await get('/api/v1/admin/communities?q=tea%20CEREMONY')).body.communities)).toEqual(['Tea Ceremony 茶の湯']);
    expect((await get(`/api/v1/admin/communities?q=${encodeURIComponent('クラフト協会')}&published=true`)).body.meta.total_count).toBe(1);
    // Blank filters (a GET form sends every field) are no filter.
    expect((await get('/api/v1/admin/communities?q=&brand_id=&published=')).body.meta.total_count).toBe(3);
  });

  it('keeps the filters on every page', async () => {
    const em = t.orm.em.fork();
    // 120 more communities: 60 published ones named まとめ会, 60 unpublished.
    await em.execute(
      `INSERT INTO communities (name, host_name, published, host_description, description, activity_description, important_thing,
         ideal_candidate_profile, participation_condition, location, catchphrase, created_at)
       SELECT 'まとめ会 ' || i, '主催', i % 2 = 0, '', '', '', '', '', '', '', '', now() - make_interval(mins => i)
       FROM generate_series(1, 120) i`,
    );
    const first = await get(`/api/v1/admin/communities?q=${encodeURIComponent('まとめ会')}&published=true`);
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 60 });
    expect(first.body.communities).toHaveLength(50);
    const second = await get(`/api/v1/admin/communities?q=${encodeURIComponent('まとめ会')}&published=true&page=2`);
    expect(second.body.meta).toEqual({ current_page: 2, total_pages: 2, total_count: 60 });
    expect(namesOf(second.body.communities)).toEqual(
      ['まとめ会 102', 'まとめ会 104', 'まとめ会 106', 'まとめ会 108', 'まとめ会 110'].concat([
        'まとめ会 112',
        'まとめ会 114',
        'まとめ会 116',
        'まとめ会 118',
        'まとめ会 120',
      ]),
    );
    // Past the last page: the last page of the filtered list.
    expect((await get(`/api/v1/admin/communities?q=${encodeURIComponent('まとめ会')}&published=true&page=9`)).body.meta.current_page).toBe(
      2,
    );
  });

  it('refuses malformed filters with 422 and a Japanese message', async () => {
    for (const query of ['published=maybe', 'brand_id=abc', 'brand_id=-1', 'page=0', `q=${'あ'.repeat(101)}`]) {
      const res = await get(`/api/v1/admin/communities?${query}`);
      expect(res.status, query).toBe(422);
    }
    expect((await get('/api/v1/admin/communities?published=maybe')).body.messages.published).toEqual(['絞り込み条件が正しくありません']);
    expect((await get(`/api/v1/admin/communities?q=${'あ'.repeat(101)}`)).body.messages.q).toEqual([
      'キーワードは100文字以内で入力してください',
    ]);
  });

  it('is for ADMIN only', async () => {
    for (const caller of NON_ADMIN) {
      expect((await c.agents[caller].get('/api/v1/admin/communities?q=a')).status, caller).toBe(expectedDenial(caller));
    }
  });
});

describe('PUT /api/v1/admin/communities/{id}/brand', () => {
  const audits = (id: number) =>
    t.orm.em.fork().find(AuditLog, { entityType: 'community', entityId: id, action: 'assign_brand' }, { orderBy: { id: 'asc' } });

  it('makes one brand the community’s (or none), audited with the brands before and after', async () => {
    const put = (brandId: number | null) => c.agents.admin.put(`/api/v1/admin/communities/${ids.tea}/brand`).send({ brand_id: brandId });
    const assigned = await put(ids.minato);
    expect(assigned.status).toBe(200);
    expect(assigned.body.brands).toEqual([{ id: ids.minato, name: 'みなと味噌' }]);
    expect(namesOf((await get(`/api/v1/admin/communities?brand_id=${ids.minato}`)).body.communities)).toEqual([
      'Tea Ceremony 茶の湯',
      '木工の会',
    ]);
    // Another brand replaces it; the same brand again changes nothing and records nothing.
    expect((await put(ids.sakura)).body.brands).toEqual([{ id: ids.sakura, name: 'さくら醤油' }]);
    expect((await put(ids.sakura)).status).toBe(200);
    expect((await put(null)).body.brands).toEqual([]);
    const entries = await audits(ids.tea);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ brand_ids: [] }, { brand_ids: [ids.minato] }],
      [{ brand_ids: [ids.minato] }, { brand_ids: [ids.sakura] }],
      [{ brand_ids: [ids.sakura] }, { brand_ids: [] }],
    ]);
    expect(entries[0].actor).toBe(`user:${c.ids.admin}`);
  });

  it('refuses an unknown or malformed brand (422) and an unknown community (404), changing nothing', async () => {
    const before = (await audits(ids.woodwork)).length;
    const unknown = await c.agents.admin.put(`/api/v1/admin/communities/${ids.woodwork}/brand`).send({ brand_id: 999999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.messages.brand_id).toEqual(['このブランドは見つかりませんでした']);
    for (const body of [{ brand_id: 'abc' }, {}, { brand_id: 1.5 }]) {
      const bad = await c.agents.admin.put(`/api/v1/admin/communities/${ids.woodwork}/brand`).send(body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(bad.body.messages.brand_id).toEqual(['ブランドを選択してください']);
    }
    expect((await c.agents.admin.put('/api/v1/admin/communities/999999/brand').send({ brand_id: ids.minato })).status).toBe(404);
    expect((await get(`/api/v1/admin/communities?brand_id=${ids.minato}`)).body.communities.map((x: { id: number }) => x.id)).toContain(
      ids.woodwork,
    );
    expect(await audits(ids.woodwork)).toHaveLength(before);
    for (const caller of NON_ADMIN) {
      const res = await c.agents[caller].put(`/api/v1/admin/communities/${ids.woodwork}/brand`).send({ brand_id: null });
      expect(res.status, caller).toBe(expectedDenial(caller));
    }
  });
});

describe('GET /api/v1/brands and /ambassadors (ADMIN)', () => {
  it('narrow by 公開状態 and name, with the count', async () => {
    expect(namesOf((await get('/api/v1/brands?published=false')).body.brands)).toEqual(['さくら醤油']);
    const brand = await get(`/api/v1/brands?q=${encodeURIComponent('みなと')}`);
    expect(namesOf(brand.body.brands)).toEqual(['みなと味噌']);
    expect(brand.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
    expect(namesOf((await get('/api/v1/ambassadors?published=false')).body.ambassadors)).toEqual(['山の上の陶芸家']);
    expect(namesOf((await get(`/api/v1/ambassadors?q=${encodeURIComponent('料理')}&published=true`)).body.ambassadors)).toEqual([
      'こもれび料理教室',
    ]);
    expect((await get('/api/v1/ambassadors?published=yes')).status).toBe(422);
  });

  it('never show a guest an unpublished one, whatever the filter', async () => {
    expect((await c.agents.signedOut.get('/api/v1/brands?published=false')).body.brands).toEqual([]);
    expect(namesOf((await c.agents.signedOut.get(`/api/v1/brands?q=${encodeURIComponent('醤油')}`)).body.brands)).toEqual([]);
  });
});

describe('GET /api/v1/admin/experiences (the approval queue)', () => {
  it('narrows by days waiting and by title or host name', async () => {
    const em = t.orm.em.fork();
    const make = async (title: string, daysAgo: number) => {
      const experience = await createExperience(t.orm, { title, approve: false });
      await em.execute(`UPDATE experiences SET updated_at = now() - make_interval(days => ?) WHERE id = ?`, [daysAgo, experience.id]);
    };
    await make('そば打ち体験', 1);
    await make('陶芸の一日', 4);
    await make('着物で街歩き', 10);
    const titles = async (query: string) =>
      ((await get(`/api/v1/admin/experiences?${query}`)).body.experiences as { title: string }[]).map((e) => e.title);
    expect(await titles('')).toEqual(['そば打ち体験', '陶芸の一日', '着物で街歩き']);
    expect(await titles('waiting=3')).toEqual(['陶芸の一日', '着物で街歩き']);
    expect(await titles('waiting=7')).toEqual(['着物で街歩き']);
    expect(await titles(`q=${encodeURIComponent('陶芸')}`)).toEqual(['陶芸の一日']);
    expect(await titles(`q=${encodeURIComponent('そば')}&waiting=3`)).toEqual([]);
    expect((await get('/api/v1/admin/experiences?waiting=7')).body.meta.total_count).toBe(1);
    const bad = await get('/api/v1/admin/experiences?waiting=5');
    expect(bad.status).toBe(422);
    expect(bad.body.messages.waiting).toEqual(['絞り込み条件が正しくありません']);
  });

  it("is filtered alike by the CLI's list-experiences (the same schema; the choices said by the option)", {
    timeout: 120_000,
  }, async () => {
    const run = await runCli(t.databaseUrl, ['list-experiences', '--keyword', '着物', '--waiting', '7', '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout) as { experiences: { title: string }[]; meta: { total_count: number } };
    expect(parsed.experiences.map((e) => e.title)).toEqual(['着物で街歩き']);
    expect(parsed.meta.total_count).toBe(1);
    const bad = await runCli(t.databaseUrl, ['list-experiences', '--waiting', '5']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('--waiting には 3, 7 のいずれかを指定してください （--help で使い方を表示します）\n');
  });
});

describe('GET /api/v1/admin/coupons', () => {
  it('narrows by code or name and by 停止済み, and stops counting at 10,000', async () => {
    await createCoupon(t.orm, { code: 'SPRING-SALE', name: '春のキャンペーン' });
    const stopped = await createCoupon(t.orm, { code: 'OLDCODE', name: '旧キャンペーン' });
    await c.agents.admin.post(`/api/v1/admin/coupons/${stopped.id}/deactivation`);
    const codes = async (query: string) =>
      ((await get(`/api/v1/admin/coupons?${query}`)).body.coupons as { code: string }[]).map((x) => x.code);
    expect(await codes('q=spring')).toEqual(['SPRING-SALE']);
    expect(await codes(`q=${encodeURIComponent('キャンペーン')}`)).toEqual(['OLDCODE', 'SPRING-SALE']);
    expect(await codes('active=false')).toEqual(['OLDCODE']);
    expect(await codes(`active=true&q=${encodeURIComponent('旧')}`)).toEqual([]);
    expect((await get('/api/v1/admin/coupons?active=yes')).body.messages.active).toEqual(['絞り込み条件が正しくありません']);

    await t.orm.em
      .fork()
      .execute(
        `INSERT INTO coupons (code, name, discount_type, discount_value) SELECT 'BULK' || i, '大量 ' || i, 'amount', 100 FROM generate_series(1, 10050) i`,
      );
    const many = await get('/api/v1/admin/coupons?active=true');
    expect(many.body.meta).toEqual({ current_page: 1, total_pages: 200, total_count: 10000, total_count_capped: true });
    // A narrow filter is counted exactly.
    expect((await get('/api/v1/admin/coupons?q=bulk9999')).body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
    // BULK999 and BULK9990 to BULK9999.
    expect((await get('/api/v1/admin/coupons?q=bulk999')).body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 11 });
  });
});

describe('GET /api/v1/admin/communities?brand_id=none', () => {
  it('follows every change of a community’s brands: assigned, replaced, removed, and its brand deleted', async () => {
    const id = (await createCommunity(t.orm, { name: 'ブランド移動の会' })).community.id;
    const none = async () => namesOf((await get('/api/v1/admin/communities?brand_id=none')).body.communities);
    const put = (brandId: number | null) => c.agents.admin.put(`/api/v1/admin/communities/${id}/brand`).send({ brand_id: brandId });
    expect(await none()).toContain('ブランド移動の会');
    expect((await put(ids.minato)).status).toBe(200);
    expect(await none()).not.toContain('ブランド移動の会');
    expect((await put(ids.sakura)).status).toBe(200);
    expect(await none()).not.toContain('ブランド移動の会');
    expect((await put(null)).status).toBe(200);
    expect(await none()).toContain('ブランド移動の会');
    const doomed = await createBrand(t.orm, { name: '閉じるブランド' });
    expect((await put(doomed.id)).status).toBe(200);
    expect(await none()).not.toContain('ブランド移動の会');
    await t.orm.em.fork().getConnection().execute('DELETE FROM brands WHERE id = ?', [doomed.id]);
    expect(await none()).toContain('ブランド移動の会');
    // Created with a brand (the factory links it in its own statement), it is never listed as without one.
    await createCommunity(t.orm, { name: 'はじめからブランドの会', brandIds: [ids.minato] });
    expect(await none()).not.toContain('はじめからブランドの会');
  });

  it('stays right when two transactions change the same community’s brands at once', async () => {
    const id = (await createCommunity(t.orm, { name: '同時移動の会', brandIds: [ids.minato] })).community.id;
    const none = async () => namesOf((await get('/api/v1/admin/communities?brand_id=none')).body.communities);
    const adding = await t.pool.connect();
    const removing = await t.pool.connect();
    try {
      // One adds another brand's link and has not committed when the other removes the first link: the remover must
      // count the link it cannot see yet.
      const removerPid = (await removing.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      await adding.query('BEGIN');
      await adding.query('INSERT INTO brand_communities (brand_id, community_id) VALUES ($1, $2)', [ids.sakura, id]);
      await removing.query('BEGIN');
      let settled = false;
      const removed = removing
        .query('DELETE FROM brand_communities WHERE brand_id = $1 AND community_id = $2', [ids.minato, id])
        .finally(() => {
          settled = true;
        });
      // The removal has run its trigger (settled) or waits for the adder's lock on the community, before the commit.
      await expect
        .poll(
          async () =>
            settled ||
            (await t.pool.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [removerPid])).rowCount === 1,
          { timeout: 5_000, interval: 20 },
        )
        .toBe(true);
      await adding.query('COMMIT');
      await removed;
      await removing.query('COMMIT');
    } finally {
      adding.release();
      removing.release();
    }
    const [row] = await t.orm.em.fork().getConnection().execute('SELECT brand_count FROM communities WHERE id = ?', [id]);
    expect(row.brand_count).toBe(1);
    expect(await none()).not.toContain('同時移動の会');
  });
});
