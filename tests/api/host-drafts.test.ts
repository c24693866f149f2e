// Experience drafts, admin user search and the approve-experience CLI.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser } from '#tests/factories/users';
import { createExperience } from '#tests/factories/experiences';
import { CLI_TEST_TIMEOUT, runCli } from '#tests/factories/cli';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Image } from '#src/modules/images/images.entity';
import { inDays, rule, storeTestImages, testImages } from '#tests/factories/experience-payloads';
import { expectDocumented } from './openapi-contract';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();

const hostAgent = (role: 'USER' | 'HOST' | 'ADMIN' = 'USER', name?: string) => createSignedInUser(t, { role, name });

describe('experience drafts', () => {
  it('answers 401 when signed out', async () => {
    expect((await request(t.app).get('/api/v1/experience_drafts')).status).toBe(401);
    expect((await request(t.app).post('/api/v1/experience_drafts').send({ title: 'x' })).status).toBe(401);
  });

  it('refuses a draft without a title (no more 「(タイトル未設定)」 cards), writing nothing', async () => {
    const { user, agent } = await hostAgent();
    for (const body of [{}, { title: '   ' }, { title: null, price: 3000 }]) {
      const res = await agent.post('/api/v1/experience_drafts').send(body);
      expect(res.status).toBe(422);
      expect(res.body.messages.title).toEqual(['下書きを保存するにはタイトルを入力してください']);
    }
    const draft = await agent.post('/api/v1/experience_drafts').send({ title: '題あり' });
    const cleared = await agent.put(`/api/v1/experience_drafts/${draft.body.id}`).send({ title: '' });
    expect(cleared.status).toBe(422);
    expect(cleared.body.messages.title).toEqual(['下書きを保存するにはタイトルを入力してください']);
    expect((await em().find(ExperienceDraft, { user: user.id })).map((d) => d.title)).toEqual(['題あり']);
  });

  it("saves whatever is filled besides the title, and lists the user's drafts with title and images", async () => {
    const { user, agent } = await hostAgent();
    const empty = await agent.post('/api/v1/experience_drafts').send({ title: 'タイトルだけ' });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ title: 'タイトルだけ', images: [], options: [], calendars: [], address_displayable: true });

    const partial = await agent.post('/api/v1/experience_drafts').send({
      title: '  陶芸の下書き ',
      images: [testImages[0]],
      price: '３０００',
      online: false,
      options: [
        { name: '途中', description: '', price: null },
        { name: '', description: '', price: '' },
      ],
      calendars: [{ date: inDays(3), start_time: '10:00', end_time: '11:00', id: 55 }],
      recurrence_rules: [rule()],
      themes: [{ id: 2 }],
    });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ title: '陶芸の下書き', price: 3000, online: false, themes: [{ id: 2 }] });
    // Incomplete options are kept in a draft; all-empty ones are dropped.
    expect(partial.body.options).toEqual([{ id: null, name: '途中', description: '', price: null }]);
    expect(partial.body.calendars[0]).toMatchObject({ id: null, date: inDays(3) });
    expect(partial.body.recurrence_rules).toHaveLength(1);

    const stored = await em().findOneOrFail(ExperienceDraft, { id: partial.body.id }, { populate: ['images'] });
    expect(stored.user.id).toBe(user.id);
    expect(stored.title).toBe('陶芸の下書き');
    expect(stored.data.price).toBe(3000);
    expect(stored.images.getItems().map((i) => i.url)).toEqual([testImages[0].url]);

    const list = await agent.get('/api/v1/experience_drafts');
    expect(list.status).toBe(200);
    expect(list.body.experience_drafts.map((d: { id: number }) => d.id).sort()).toEqual([empty.body.id, partial.body.id].sort());
    expect(list.body.experience_drafts.find((d: { id: number }) => d.id === partial.body.id)).toEqual({
      id: partial.body.id,
      title: '陶芸の下書き',
      images: [{ ...testImages[0], alt: null }],
    });
    // Nothing of a draft is visible as an experience.
    expect(await em().count(Experience, { hostUser: user.id })).toBe(0);
  });

  it('pages the drafts like the experiences: 24 last edited first a page, the rest on page 2; a malformed page is a 422', async () => {
    const { user, agent } = await hostAgent();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await agent.post('/api/v1/experience_drafts').send({ title: `下書き${i}` })).body.id);
    // The first draft edited last: it leads page 1.
    expect((await agent.put(`/api/v1/experience_drafts/${ids[0]}`).send({ title: '最後に編集' })).status).toBe(200);
    const first = await agent.get('/api/v1/experience_drafts');
    expectDocumented(first);
    expect(first.status).toBe(200);
    expect(first.body.experience_drafts).toHaveLength(24);
    expect(first.body.experience_drafts[0]).toMatchObject({ id: ids[0], title: '最後に編集' });
    expect(first.body.meta).toEqual({ current_page: 1, total_pages: 2, total_count: 25 });
    const second = await agent.get('/api/v1/experience_drafts?page=2');
    expectDocumented(second);
    expect(second.body.experience_drafts).toHaveLength(1);
    expect(second.body.meta).toEqual({ current_page: 2, total_pages: 2, total_count: 25 });
    // Together the two pages are every draft once.
    const listed = [...first.body.experience_drafts, ...second.body.experience_drafts].map((d: { id: number }) => d.id);
    expect(listed.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // Past the end (also beyond MAX_LIST_PAGE): the last page.
    for (const past of ['3', '100001']) {
      expect((await agent.get(`/api/v1/experience_drafts?page=${past}`)).body, past).toEqual({
        experience_drafts: second.body.experience_drafts,
        meta: { current_page: 2, total_pages: 2, total_count: 25 },
      });
    }
    for (const bad of ['0', 'abc', '-1']) {
      const res = await agent.get(`/api/v1/experience_drafts?page=${bad}`);
      expectDocumented(res);
      expect(res.status, bad).toBe(422);
      expect(res.body.messages.page).toEqual(['ページは1以上の整数で指定してください']);
    }
    // Another user's drafts are not counted.
    const { agent: other } = await hostAgent();
    expect((await other.get('/api/v1/experience_drafts')).body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 0 });
    expect(await em().count(ExperienceDraft, { user: user.id })).toBe(25);
  });

  it('reads and replaces a draft (fields and images)', async () => {
    const { agent } = await hostAgent();
    const created = await agent.post('/api/v1/experience_drafts').send({ title: '最初', images: [testImages[0]] });
    const read = await agent.get(`/api/v1/experience_drafts/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.id, title: '最初' });
    const updated = await agent.put(`/api/v1/experience_drafts/${created.body.id}`).send({
      title: '二回目',
      description: '説明を追加',
      images: [testImages[1], testImages[2]],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: '二回目', description: '説明を追加' });
    const images = await em().find(Image, { experienceDraft: created.body.id }, { orderBy: { sortOrder: 'asc' } });
    expect(images.map((i) => i.objectKey)).toEqual([testImages[1].object_key, testImages[2].object_key]);
    expect((await em().findOneOrFail(ExperienceDraft, { id: created.body.id })).title).toBe('二回目');
  });

  it("keeps the form's lengths and limits", async () => {
    const { agent } = await hostAgent();
    const img = (n: number) => ({ object_key: `k${n}`, url: `/uploads/k${n}.jpg` });
    const res = await agent.post('/api/v1/experience_drafts').send({
      title: 'あ'.repeat(101),
      themes: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }],
      options: Array.from({ length: 6 }, (_, i) => ({ name: `o${i}`, description: 'd', price: 1 })),
      images: [img(1), img(2), img(3), img(4)],
      price: 'abc',
      recruitment_number: 31,
      calendars: [{ date: inDays(3), start_time: '10:10', end_time: '11:00' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.messages).toMatchObject({
      title: ['タイトルは100文字以内で入力してください'],
      themes: ['テーマは3つまで選択できます'],
      options: ['オプションは5つまでしか追加できません'],
      images: ['写真は3枚までです'],
      price: ['数字のみ入力してください'],
      recruitment_number: ['募集人数は1〜30名から選択してください'],
      'calendars.0.start_time': ['時刻は30分単位で選択してください'],
    });
    const count = await em().count(ExperienceDraft, {});
    const bad = await agent.post('/api/v1/experience_drafts').set('Content-Type', 'application/json').send('{"title":');
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      status: 422,
      message: 'リクエストの形式が正しくありません',
      messages: { base: ['リクエストの形式が正しくありません'] },
    });
    expect(await em().count(ExperienceDraft, {})).toBe(count);
  });

  it("is the author's alone: others, an administrator too, get exactly the unknown id's 404", async () => {
    const { agent } = await hostAgent();
    const { agent: stranger } = await hostAgent('HOST');
    const { agent: admin } = await hostAgent('ADMIN');
    const draft = await agent.post('/api/v1/experience_drafts').send({ title: '秘密の下書き' });
    const notFound = {
      status: 404,
      body: { status: 404, message: '下書きが見つかりませんでした', messages: { experience_draft: ['下書きが見つかりませんでした'] } },
    };
    const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
    expect(answer(await stranger.get(`/api/v1/experience_drafts/${draft.body.id}`))).toEqual(notFound);
    expect(answer(await stranger.put(`/api/v1/experience_drafts/${draft.body.id}`).send({ title: '上書き' }))).toEqual(notFound);
    expect(answer(await admin.get(`/api/v1/experience_drafts/${draft.body.id}`))).toEqual(notFound);
    expect(answer(await admin.put(`/api/v1/experience_drafts/${draft.body.id}`).send({ title: '上書き' }))).toEqual(notFound);
    expect((await em().findOneOrFail(ExperienceDraft, { id: draft.body.id })).title).toBe('秘密の下書き');
    expect((await stranger.get('/api/v1/experience_drafts')).body.experience_drafts).toEqual([]);
    expect(answer(await agent.get('/api/v1/experience_drafts/999999'))).toEqual(notFound);
    expect(answer(await agent.get('/api/v1/experience_drafts/abc'))).toEqual(notFound);
    expect(answer(await agent.put('/api/v1/experience_drafts/999999').send({ title: '上書き' }))).toEqual(notFound);
  });

  it('lets the author delete a draft (204, images with it); others and unknown ids get the same 404, nothing changes', async () => {
    const { agent } = await hostAgent();
    const { agent: stranger } = await hostAgent('HOST');
    const { agent: admin } = await hostAgent('ADMIN');
    const draft = await agent.post('/api/v1/experience_drafts').send({ title: '消す下書き', images: [testImages[3]] });
    const kept = await agent.post('/api/v1/experience_drafts').send({ title: '残す下書き' });
    expect(await em().count(Image, { experienceDraft: draft.body.id })).toBe(1);

    const other = await stranger.delete(`/api/v1/experience_drafts/${draft.body.id}`);
    expect(other.status).toBe(404);
    expectDocumented(other);
    expect(other.body.messages.experience_draft).toEqual(['下書きが見つかりませんでした']);
    expect((await admin.delete(`/api/v1/experience_drafts/${draft.body.id}`)).body).toEqual(other.body);
    expect((await agent.delete('/api/v1/experience_drafts/999999')).body).toEqual(other.body);
    expect(await em().count(ExperienceDraft, { id: draft.body.id })).toBe(1);
    expect((await request(t.app).delete(`/api/v1/experience_drafts/${draft.body.id}`)).status).toBe(401);

    const res = await agent.delete(`/api/v1/experience_drafts/${draft.body.id}`);
    expect(res.status).toBe(204);
    expectDocumented(res);
    expect(await em().count(ExperienceDraft, { id: draft.body.id })).toBe(0);
    expect(await em().count(Image, { experienceDraft: draft.body.id })).toBe(0);
    expect(await em().count(ExperienceDraft, { id: kept.body.id })).toBe(1);
    const again = await agent.delete(`/api/v1/experience_drafts/${draft.body.id}`);
    expect(again.status).toBe(404);
    expectDocumented(again);
    expect((await agent.delete('/api/v1/experience_drafts/abc')).status).toBe(404);
  });

  it('keeps proxy_user_id for admins only', async () => {
    const target = await createUser(t.orm);
    const { agent: host } = await hostAgent();
    const { agent: admin } = await hostAgent('ADMIN');
    expect((await host.post('/api/v1/experience_drafts').send({ title: '代理', proxy_user_id: target.id })).body.proxy_user_id).toBeNull();
    const byAdmin = await admin.post('/api/v1/experience_drafts').send({ title: '代理', proxy_user_id: target.id });
    expect(byAdmin.body.proxy_user_id).toBe(target.id);
    expect((await em().findOneOrFail(ExperienceDraft, { id: byAdmin.body.id })).data.proxy_user_id).toBe(target.id);
  });
});

describe('GET /api/v1/users?q= (admin host search)', () => {
  it('is for admins only', async () => {
    expect((await request(t.app).get('/api/v1/users?q=a')).status).toBe(401);
    const { agent } = await hostAgent('HOST');
    const res = await agent.get('/api/v1/users?q=a');
    expect(res.status).toBe(403);
    expect(res.body.messages.base).toEqual(['管理者のみが利用できます']);
  });

  it('finds users by part of the name or e-mail, or by id, answering id and name only', async () => {
    const target = await createUser(t.orm, { name: '検索 対象子', email: `findme-${Date.now()}@example.com` });
    const { agent } = await hostAgent('ADMIN');
    const byName = await agent.get(`/api/v1/users?q=${encodeURIComponent('対象')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.users).toEqual([{ id: target.id, name: '検索 対象子' }]);
    expect((await agent.get('/api/v1/users?q=FINDME')).body.users).toEqual([{ id: target.id, name: '検索 対象子' }]);
    expect((await agent.get(`/api/v1/users?q=${target.id}`)).body.users).toContainEqual({ id: target.id, name: '検索 対象子' });
    // LIKE wildcards are searched literally.
    expect((await agent.get('/api/v1/users?q=%25')).body.users).toEqual([]);
    expect((await agent.get('/api/v1/users?q=_')).body.users).toEqual([]);
    // Without a query: the first users, at most 20.
    const all = await agent.get('/api/v1/users');
    expect(all.status).toBe(200);
    expect(all.body.users.length).toBeGreaterThan(1);
    expect(all.body.users.length).toBeLessThanOrEqual(20);
    expect(Object.keys(all.body.users[0]).sort()).toEqual(['id', 'name']);
  });

  it('answers 422 for a query that is too long or repeated', async () => {
    const { agent } = await hostAgent('ADMIN');
    expect((await agent.get(`/api/v1/users?q=${'a'.repeat(101)}`)).status).toBe(422);
    expect((await agent.get('/api/v1/users?q=a&q=b')).status).toBe(422);
  });
});

describe('CLI approve-experience', { timeout: CLI_TEST_TIMEOUT }, () => {
  const cli = (args: string[]) => runCli(t.databaseUrl, args);

  it('publishes a requested experience, says so when it already was, and refuses unknown ids', async () => {
    const experience = await createExperience(t.orm, { approve: false, title: 'CLIで公開' });
    const run = await cli(['approve-experience', String(experience.id)]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`体験「CLIで公開」(ID: ${experience.id}) を公開しました`);
    const stored = await em().findOneOrFail(Experience, { id: experience.id });
    expect(stored.approve).toBe(true);
    expect(stored.approvedAt).not.toBeNull();
    expect((await request(t.app).get(`/api/v1/experiences/${experience.id}`)).status).toBe(200);

    const again = await cli(['approve-experience', String(experience.id)]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('すでに公開されています');

    const unknown = await cli(['approve-experience', '999999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('体験が見つかりませんでした');
    expect((await cli(['approve-experience', 'abc'])).code).toBe(1);
  }, 120_000);
});
