// Ambassadors in the administrator area: create, update, members, user search (admin-and-brand-portal.md §5, §7).
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser } from '#tests/factories/users';
import { createAmbassador } from '#tests/factories/communities';
import { storeTestImages, testImages } from '#tests/factories/experience-payloads';
import { Ambassador, AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';
import { User } from '#src/modules/users/users.entity';
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

const validAmbassador = (overrides: Record<string, unknown> = {}) => ({
  name: 'まちの料理教室',
  description: '地元の野菜でつくる家庭料理の教室です。',
  published: false,
  address: '東京都世田谷区1-2-3',
  homepage_url: 'https://kitchen.example.com',
  instagram_username: 'machi_kitchen',
  x_username: 'machi_kitchen',
  images: testImages.slice(0, 2),
  ...overrides,
});

async function link(ambassadorId: number, userId: number) {
  const e = em();
  e.create(AmbassadorMember, { ambassador: ambassadorId, user: userId });
  await e.flush();
}

describe('permissions of the ambassador admin calls', () => {
  it('refuses every non-admin caller (401 signed out, 403 otherwise) and changes nothing', async () => {
    const ambassador = await createAmbassador(t.orm, { name: '変わらない教室' });
    const member = await createUser(t.orm);
    const outsider = await createUser(t.orm);
    await link(ambassador.id, member.id);
    const calls: [Method, string, unknown?][] = [
      ['post', '/api/v1/ambassadors', validAmbassador({ name: '作られない教室' })],
      ['put', `/api/v1/ambassadors/${ambassador.id}`, validAmbassador({ name: '書き換え' })],
      ['get', `/api/v1/ambassadors/${ambassador.id}/members`],
      ['delete', `/api/v1/ambassadors/${ambassador.id}/members/${member.id}`],
      ['delete', `/api/v1/ambassadors/${ambassador.id}/members/${member.id}/association`],
      ['post', `/api/v1/ambassadors/${ambassador.id}/members/${outsider.id}/association`],
      ['get', '/api/v1/users?q=a'],
      ['get', '/api/v1/users'],
    ];
    const before = { ambassadors: await em().count(Ambassador, {}), members: await em().count(AmbassadorMember, {}) };
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const res = await send(c.agents[caller], method, url, body);
        expect(res.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
        expect(res.body.messages.base, `${caller} ${method} ${url}`).toHaveLength(1);
      }
    }
    // The ambassador's own member may not manage its members either (the spec's admin call).
    expect((await c.agents.ambassadorMember.get(`/api/v1/ambassadors/${c.ids.ambassador}/members`)).status).toBe(403);
    expect(await em().count(Ambassador, {})).toBe(before.ambassadors);
    expect(await em().count(AmbassadorMember, {})).toBe(before.members);
    expect((await em().findOneOrFail(Ambassador, { id: ambassador.id })).name).toBe('変わらない教室');
  });
});

describe('GET /api/v1/ambassadors for ADMIN', () => {
  it('includes unpublished ambassadors with published, created_at and member_count; others see published only', async () => {
    const hidden = await createAmbassador(t.orm, { name: '準備中の教室', published: false });
    const res = await c.agents.admin.get('/api/v1/ambassadors');
    expect(res.body.ambassadors.find((a: { id: number }) => a.id === hidden.id)).toMatchObject({
      published: false,
      created_at: expect.any(String),
      member_count: 0,
    });
    const detail = await c.agents.admin.get(`/api/v1/ambassadors/${hidden.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.published).toBe(false);
    for (const caller of NON_ADMIN) {
      const list = await c.agents[caller].get('/api/v1/ambassadors');
      expect(
        list.body.ambassadors.some((a: { id: number }) => a.id === hidden.id),
        caller,
      ).toBe(false);
      const one = await c.agents[caller].get(`/api/v1/ambassadors/${hidden.id}`);
      expect(one.status, caller).toBe(404);
      expect(one.body.messages.ambassador).toEqual(['アンバサダーが見つかりませんでした']);
    }
  });
});

describe('POST /api/v1/ambassadors and PUT /api/v1/ambassadors/{id}', () => {
  it('creates with two photos, updates, and records both changes in the audit log', async () => {
    const created = await c.agents.admin.post('/api/v1/ambassadors').send(validAmbassador());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'まちの料理教室', published: false, member_count: 0 });
    expect(created.body.images.map((i: { url: string }) => i.url)).toEqual([testImages[0].url, testImages[1].url]);
    const id = created.body.id;
    const updated = await c.agents.admin.put(`/api/v1/ambassadors/${id}`).send(
      validAmbassador({
        name: '町の料理教室',
        published: true,
        address: '',
        images: [testImages[1]],
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: '町の料理教室', published: true, address: null });
    expect(updated.body.images).toHaveLength(1);
    const stored = await em().findOneOrFail(Ambassador, { id });
    expect(stored).toMatchObject({ name: '町の料理教室', published: true, address: null });
    const trail = await c.agents.admin.get(`/api/v1/admin/audit?entity=ambassador&id=${id}`);
    expect(trail.body.entries.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(trail.body.entries[0].before.name).toBe('まちの料理教室');
    expect(trail.body.entries[0].after.name).toBe('町の料理教室');
    expect(trail.body.entries[0].actor_name).toEqual(expect.any(String));
  });

  it('refuses bad input with the spec messages and changes nothing; malformed ids are 404 messages.ambassador', async () => {
    const ambassador = await createAmbassador(t.orm, { name: '元のまま' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '名前を入力してください'],
      [{ name: 'あ'.repeat(101) }, 'name', '名前は100文字以内で入力してください'],
      [{ description: '' }, 'description', '説明を入力してください'],
      [{ description: 'あ'.repeat(1001) }, 'description', '説明は1000文字以内で入力してください'],
      [{ homepage_url: 'not a url' }, 'homepage_url', '有効なURLを入力してください'],
      [{ instagram_username: 'a'.repeat(31) }, 'instagram_username', 'Instagramのユーザー名は30文字以内で入力してください'],
      [{ x_username: 'b'.repeat(31) }, 'x_username', 'Xのユーザー名は30文字以内で入力してください'],
      [{ published: undefined }, 'published', '公開設定を選択してください'],
      [{ address: 'あ'.repeat(256) }, 'address', '住所は255文字以内で入力してください'],
      [{ description: '説明\u0000' }, 'description', 'リクエストの形式が正しくありません'],
      [{ images: [1, 2, 3, 4].map((n) => ({ object_key: `k${n}`, url: '/images/demo/ramen.jpg' })) }, 'images', '写真は3枚までです'],
    ];
    const before = await em().count(Ambassador, {});
    for (const [patch, field, message] of cases) {
      const res = await c.agents.admin.post('/api/v1/ambassadors').send(validAmbassador(patch));
      expect(res.status, field).toBe(422);
      expect(res.body.messages[field], field).toEqual([message]);
      expect((await c.agents.admin.put(`/api/v1/ambassadors/${ambassador.id}`).send(validAmbassador(patch))).status, field).toBe(422);
    }
    expect(await em().count(Ambassador, {})).toBe(before);
    expect((await em().findOneOrFail(Ambassador, { id: ambassador.id })).name).toBe('元のまま');
    for (const id of ['999999', 'x', '0', '1e3']) {
      const res = await c.agents.admin.put(`/api/v1/ambassadors/${id}`).send(validAmbassador());
      expect(res.status, id).toBe(404);
      expect(res.body.messages.ambassador).toEqual(['アンバサダーが見つかりませんでした']);
      const members = await c.agents.admin.get(`/api/v1/ambassadors/${id}/members`);
      expect(members.status, id).toBe(404);
      expect(members.body.messages.ambassador).toBeDefined();
    }
    expect((await c.agents.admin.post('/api/v1/ambassadors').set('Content-Type', 'application/json').send('[1,')).status).toBe(422);
  });
});

describe('ambassador members', () => {
  it('adds a user (no body), lists ID, name and e-mail, and removes by both paths without deleting the user', async () => {
    const ambassador = await createAmbassador(t.orm);
    const first = await createUser(t.orm, { name: '佐藤 花子' });
    const second = await createUser(t.orm, { name: '鈴木 一郎' });
    const added = await c.agents.admin.post(`/api/v1/ambassadors/${ambassador.id}/members/${first.id}/association`);
    expect(added.status).toBe(201);
    await c.agents.admin.post(`/api/v1/ambassadors/${ambassador.id}/members/${second.id}/association`).expect(201);
    const list = await c.agents.admin.get(`/api/v1/ambassadors/${ambassador.id}/members`);
    expect(list.status).toBe(200);
    expect(list.body.members).toEqual([
      { id: first.id, name: '佐藤 花子', email: first.email, added_at: expect.any(String) },
      { id: second.id, name: '鈴木 一郎', email: second.email, added_at: expect.any(String) },
    ]);

    const twice = await c.agents.admin.post(`/api/v1/ambassadors/${ambassador.id}/members/${first.id}/association`);
    expect(twice.status).toBe(422);
    expect(twice.body.messages.user_id).toEqual(['このユーザーはすでにメンバーです']);
    expect(await em().count(AmbassadorMember, { ambassador: ambassador.id })).toBe(2);

    expect((await c.agents.admin.delete(`/api/v1/ambassadors/${ambassador.id}/members/${first.id}`)).status).toBe(204);
    expect((await c.agents.admin.delete(`/api/v1/ambassadors/${ambassador.id}/members/${second.id}/association`)).status).toBe(204);
    expect(await em().count(AmbassadorMember, { ambassador: ambassador.id })).toBe(0);
    expect(await em().count(User, { id: { $in: [first.id, second.id] } })).toBe(2);

    const again = await c.agents.admin.delete(`/api/v1/ambassadors/${ambassador.id}/members/${first.id}`);
    expect(again.status).toBe(404);
    const trail = await c.agents.admin.get(`/api/v1/admin/audit?entity=ambassador&id=${ambassador.id}`);
    expect(trail.body.entries.map((e: { action: string }) => e.action)).toEqual([
      'remove_member',
      'remove_member',
      'add_member',
      'add_member',
    ]);
  });

  it('answers 404 for unknown or malformed users and ambassadors, adding nothing', async () => {
    const ambassador = await createAmbassador(t.orm);
    const user = await createUser(t.orm);
    const before = await em().count(AmbassadorMember, {});
    for (const [a, u, key] of [
      [ambassador.id, 99999999, 'user'],
      [ambassador.id, 'abc', 'user'],
      [99999999, user.id, 'ambassador'],
      ['x', user.id, 'ambassador'],
    ] as const) {
      const res = await c.agents.admin.post(`/api/v1/ambassadors/${a}/members/${u}/association`);
      expect(res.status, `${a}/${u}`).toBe(404);
      expect(res.body.messages[key], `${a}/${u}`).toHaveLength(1);
    }
    expect(await em().count(AmbassadorMember, {})).toBe(before);
    expect(await em().count(AuditLog, { entityType: 'ambassador', entityId: ambassador.id })).toBe(0);
  });
});

describe('GET /api/v1/users', () => {
  it('searches by name, e-mail or id, also without q, and leaves out current members when asked', async () => {
    const ambassador = await createAmbassador(t.orm);
    const member = await createUser(t.orm, { name: '検索 太郎' });
    const other = await createUser(t.orm, { name: '検索 次郎' });
    await link(ambassador.id, member.id);
    const byName = await c.agents.admin.get(`/api/v1/users?q=${encodeURIComponent('検索')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.users).toEqual(
      expect.arrayContaining([
        { id: member.id, name: '検索 太郎' },
        { id: other.id, name: '検索 次郎' },
      ]),
    );
    const excluded = await c.agents.admin.get(`/api/v1/users?q=${encodeURIComponent('検索')}&exclude_ambassador_id=${ambassador.id}`);
    expect(excluded.body.users).toEqual([{ id: other.id, name: '検索 次郎' }]);
    const byId = await c.agents.admin.get(`/api/v1/users?q=${other.id}`);
    expect(byId.body.users).toContainEqual({ id: other.id, name: '検索 次郎' });
    const all = await c.agents.admin.get('/api/v1/users');
    expect(all.status).toBe(200);
    expect(all.body.users.length).toBeGreaterThan(0);
    expect(all.body.users.length).toBeLessThanOrEqual(20);
    const wildcard = await c.agents.admin.get('/api/v1/users?q=%25');
    expect(wildcard.body.users).toEqual([]);
  });

  it('finds a name typed with or without its space, and never an account that has left', async () => {
    const spaced = await createUser(t.orm, { name: '空白 花子' });
    const joined = await createUser(t.orm, { name: '詰めた花子' });
    const wide = await createUser(t.orm, { name: '全角　花子' });
    const gone = await createUser(t.orm, { name: '空白 花子' });
    await c.agents.admin.post(`/api/v1/admin/users/${gone.id}/leave`).send({}).expect(200);
    const typedJoined = await c.agents.admin.get(`/api/v1/users?q=${encodeURIComponent('空白花子')}`);
    expect(typedJoined.body.users).toEqual([{ id: spaced.id, name: '空白 花子' }]);
    const typedSpaced = await c.agents.admin.get(`/api/v1/users?q=${encodeURIComponent('詰めた 花子')}`);
    expect(typedSpaced.body.users).toEqual([{ id: joined.id, name: '詰めた花子' }]);
    const typedWide = await c.agents.admin.get(`/api/v1/users?q=${encodeURIComponent('全角花子')}`);
    expect(typedWide.body.users).toEqual([{ id: wide.id, name: '全角　花子' }]);
    const byId = await c.agents.admin.get(`/api/v1/users?q=${gone.id}`);
    expect(byId.body.users.map((u: { id: number }) => u.id)).not.toContain(gone.id);
  });

  it('refuses an over-long query and a malformed exclude id with 422', async () => {
    expect((await c.agents.admin.get(`/api/v1/users?q=${'a'.repeat(101)}`)).status).toBe(422);
    expect((await c.agents.admin.get('/api/v1/users?exclude_ambassador_id=abc')).status).toBe(422);
    // NUL in a query string is refused at the edge for every endpoint (robustness 6).
    expect((await c.agents.admin.get('/api/v1/users?q=a%00b')).status).toBe(422);
  });
});
