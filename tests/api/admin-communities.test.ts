// Communities in the administrator area (admin-and-brand-portal.md §2-§5, §7): the form, application items,
// hiding instead of deleting answered items.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCommunity } from '#tests/factories/communities';
import { storeTestImages, testImages } from '#tests/factories/experience-payloads';
import { Community, CommunityApplicationAnswer, CommunityApplicationQuestion } from '#src/modules/communities/communities.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { NON_ADMIN, expectedDenial, send, setupCallers, type Callers, type Method } from './admin-helpers';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();

type Item = { id?: number; name: string; required: boolean; disabled?: boolean };

const validForm = (overrides: Record<string, unknown> = {}) => ({
  name: '海辺の清掃部',
  host_name: '湘南クリーン協会',
  host_description: '海辺の清掃を続ける地元の有志です。',
  description: '月に一度、海岸をきれいにするコミュニティです。',
  activity_description: '清掃と、拾ったもので作るアート展。',
  important_thing: '楽しく続けること。',
  ideal_candidate_profile: '海が好きな方。',
  participation_condition: '月1回参加できる方',
  location: '神奈川県藤沢市',
  catchphrase: '海を、みんなの手で。',
  note: '',
  published: true,
  images: [testImages[0]],
  application_items: [] as Item[],
  ...overrides,
});

async function answer(communityId: number, answers: { community_application_question_id: number; content: string }[]) {
  const applicant = await createUser(t.orm);
  const agent = await signedInAgent(t.app, applicant.email);
  const res = await agent.post('/api/v1/community_applications').send({
    community_id: communityId,
    occupation_id: 1,
    full_name: '応募 花子',
    gender: 'female',
    postal_code: '2510035',
    address: '',
    birthday: '1990-04-15',
    answers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

describe('permissions of the community admin calls', () => {
  it('refuses every non-admin caller (401 signed out, 403 otherwise) and changes nothing', async () => {
    const { community } = await createCommunity(t.orm, { name: '変わらないコミュニティ' });
    const calls: [Method, string, unknown?][] = [
      ['get', '/api/v1/admin/communities'],
      ['post', '/api/v1/admin/communities', validForm({ name: '作られない' })],
      ['get', `/api/v1/admin/communities/${community.id}`],
      ['patch', `/api/v1/admin/communities/${community.id}`, validForm({ name: '書き換え' })],
    ];
    const before = await em().count(Community, {});
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const res = await send(c.agents[caller], method, url, body);
        expect(res.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
        expect(res.body.messages.base, `${caller} ${method} ${url}`).toHaveLength(1);
      }
    }
    expect(await em().count(Community, {})).toBe(before);
    expect((await em().findOneOrFail(Community, { id: community.id })).name).toBe('変わらないコミュニティ');
  });
});

describe('GET /api/v1/admin/communities', () => {
  it('lists every community with id, name, host_name and published', async () => {
    const { community: hidden } = await createCommunity(t.orm, { name: '非公開の会', published: false });
    const res = await c.agents.admin.get('/api/v1/admin/communities');
    expect(res.status).toBe(200);
    expect(res.body.communities).toContainEqual({
      id: hidden.id,
      name: '非公開の会',
      host_name: '里山クラフト協会',
      published: false,
      created_at: expect.any(String),
      brands: [],
    });
  });
});

describe('creating and editing a community with application items', () => {
  it('creates with three items in order, hides one (gone from the public form) and shows it again', async () => {
    const created = await c.agents.admin.post('/api/v1/admin/communities').send(
      validForm({
        published: true,
        application_items: [
          { name: '参加の動機', required: true },
          { name: '得意なこと', required: false },
          { name: '好きな海', required: false },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body.note).toBeNull();
    expect(
      created.body.application_items.map((i: Item & { sort_order: number }) => [i.name, i.required, i.disabled, i.sort_order]),
    ).toEqual([
      ['参加の動機', true, false, 0],
      ['得意なこと', false, false, 1],
      ['好きな海', false, false, 2],
    ]);
    const items = created.body.application_items as (Item & { id: number })[];

    // Hide the second and move the third first.
    const hidden = await c.agents.admin.patch(`/api/v1/admin/communities/${id}`).send(
      validForm({
        application_items: [
          { id: items[2].id, name: '好きな海', required: true },
          { id: items[0].id, name: '参加の動機', required: true },
          { id: items[1].id, name: '得意なこと', required: false, disabled: true },
        ],
      }),
    );
    expect(hidden.status).toBe(200);
    const publicDetail = await request(t.app).get(`/api/v1/communities/${id}/detail`);
    expect(publicDetail.body.application_items).toEqual([
      { id: items[2].id, name: '好きな海', required: true },
      { id: items[0].id, name: '参加の動機', required: true },
    ]);

    const shown = await c.agents.admin.patch(`/api/v1/admin/communities/${id}`).send(
      validForm({
        application_items: [
          { id: items[2].id, name: '好きな海', required: true },
          { id: items[0].id, name: '参加の動機', required: true },
          { id: items[1].id, name: '得意なこと', required: false, disabled: false },
        ],
      }),
    );
    expect(shown.status).toBe(200);
    expect((await request(t.app).get(`/api/v1/communities/${id}/detail`)).body.application_items).toHaveLength(3);
    const trail = await c.agents.admin.get(`/api/v1/admin/audit?entity=community&id=${id}`);
    expect(trail.body.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'update', 'create']);
  });

  it('never loses answers: an answered item left out is hidden, an unanswered one is deleted', async () => {
    const { community, questions } = await createCommunity(t.orm, {
      questions: [
        { name: '答えのある質問', required: true },
        { name: '答えのない質問', required: false },
      ],
    });
    await answer(community.id, [{ community_application_question_id: questions[0].id, content: '海が好きです' }]);
    const res = await c.agents.admin
      .patch(`/api/v1/admin/communities/${community.id}`)
      .send(validForm({ application_items: [{ name: '新しい質問', required: false }] }));
    expect(res.status).toBe(200);
    const stored = await em().find(CommunityApplicationQuestion, { community: community.id }, { orderBy: { sortOrder: 'asc' } });
    expect(stored.map((q) => [q.name, q.disabled, q.sortOrder])).toEqual([
      ['新しい質問', false, 0],
      ['答えのある質問', true, 1],
    ]);
    expect(await em().count(CommunityApplicationAnswer, { question: questions[0].id })).toBe(1);
    expect(res.body.application_items.find((i: { id: number }) => i.id === questions[0].id)).toMatchObject({
      disabled: true,
      answer_count: 1,
    });
  });

  it('refuses bad input with a message per field (422) and changes nothing', async () => {
    const { community, questions } = await createCommunity(t.orm, { name: '元の名前', questions: [{ name: '元の質問' }] });
    const { questions: foreign } = await createCommunity(t.orm, { questions: [{ name: 'よその質問' }] });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `質問${i + 1}`, required: false }));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'コミュニティ名を入力してください'],
      [{ host_name: 'あ'.repeat(256) }, 'host_name', '主催者名は255文字以内で入力してください'],
      [{ location: 'あ'.repeat(256) }, 'location', '活動場所は255文字以内で入力してください'],
      [{ catchphrase: 'あ'.repeat(41) }, 'catchphrase', 'キャッチコピーは40文字以内で入力してください'],
      [{ host_description: ' ' }, 'host_description', '主催者の紹介を入力してください'],
      [{ description: undefined }, 'description', 'コミュニティの説明を入力してください'],
      [{ activity_description: '' }, 'activity_description', '活動内容を入力してください'],
      [{ important_thing: '' }, 'important_thing', '大切にしていることを入力してください'],
      [{ ideal_candidate_profile: '' }, 'ideal_candidate_profile', '求める人物像を入力してください'],
      [{ participation_condition: '' }, 'participation_condition', '参加条件を入力してください'],
      [{ published: null }, 'published', '公開設定を選択してください'],
      [{ images: [] }, 'images', '写真を1枚以上登録してください'],
      [{ application_items: eleven }, 'application_items', '申し込み項目は10件までです'],
      [{ application_items: [{ name: '', required: true }] }, 'application_items.0.name', '項目名を入力してください'],
      [
        { application_items: [{ name: 'あ'.repeat(101), required: true }] },
        'application_items.0.name',
        '項目名は100文字以内で入力してください',
      ],
      [{ application_items: [{ name: '質問', required: 'yes' }] }, 'application_items.0.required', '必須か任意かを選択してください'],
      [
        { application_items: [{ id: foreign[0].id, name: '乗っ取り', required: true }] },
        'application_items',
        'このコミュニティにない申し込み項目が含まれています',
      ],
      [
        {
          application_items: [
            { id: questions[0].id, name: 'a', required: true },
            { id: questions[0].id, name: 'b', required: true },
          ],
        },
        'application_items',
        '同じ申し込み項目が重複しています',
      ],
      [{ note: 'NUL\u0000' }, 'note', 'リクエストの形式が正しくありません'],
    ];
    const communitiesBefore = await em().count(Community, {});
    for (const [patch, field, message] of cases) {
      const res = await c.agents.admin.patch(`/api/v1/admin/communities/${community.id}`).send(validForm(patch));
      expect(res.status, field).toBe(422);
      expect(res.body.messages[field], field).toEqual([message]);
      if (field !== 'application_items' || !('id' in ((patch.application_items as Item[])?.[0] ?? {}))) {
        expect((await c.agents.admin.post('/api/v1/admin/communities').send(validForm(patch))).status, field).toBe(422);
      }
    }
    expect(await em().count(Community, {})).toBe(communitiesBefore);
    expect((await em().findOneOrFail(Community, { id: community.id })).name).toBe('元の名前');
    expect((await em().find(CommunityApplicationQuestion, { community: community.id })).map((q) => q.name)).toEqual(['元の質問']);
    expect((await em().findOneOrFail(CommunityApplicationQuestion, { id: foreign[0].id })).name).toBe('よその質問');
    expect(await em().count(AuditLog, { entityType: 'community', entityId: community.id })).toBe(0);
  });

  it('accepts ten visible items plus hidden ones, and 404s unknown or malformed ids', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: `質問${i + 1}`, required: i % 2 === 0 }));
    const res = await c.agents.admin
      .post('/api/v1/admin/communities')
      .send(validForm({ application_items: [...ten, { name: '非表示の質問', required: false, disabled: true }] }));
    expect(res.status).toBe(201);
    expect(res.body.application_items).toHaveLength(11);
    for (const id of ['99999999', 'abc', '0', '-3']) {
      const get = await c.agents.admin.get(`/api/v1/admin/communities/${id}`);
      expect(get.status, id).toBe(404);
      expect(get.body.messages.community).toEqual(['コミュニティが見つかりませんでした']);
      expect((await c.agents.admin.patch(`/api/v1/admin/communities/${id}`).send(validForm())).status, id).toBe(404);
    }
    const malformed = await c.agents.admin.post('/api/v1/admin/communities').set('Content-Type', 'application/json').send('{"name"');
    expect(malformed.status).toBe(422);
    expect(malformed.body.messages.base).toHaveLength(1);
  });
});
