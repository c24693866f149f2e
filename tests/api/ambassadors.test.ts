import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createAmbassador, createCommunity } from '#tests/factories/communities';
import { storeTestImages, testImages } from '#tests/factories/experience-payloads';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { Image } from '#src/modules/images/images.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();

describe('GET /api/v1/ambassadors', () => {
  it('lists published ambassadors only, without their private e-mail', async () => {
    const shown = await createAmbassador(t.orm, { name: '公開教室' });
    await createAmbassador(t.orm, { name: '非公開教室', published: false });
    const res = await request(t.app).get('/api/v1/ambassadors');
    expect(res.status).toBe(200);
    expect(res.body.ambassadors).toEqual([
      { id: shown.id, name: '公開教室', image_url: '/images/demo/ramen.jpg', address: shown.address, description: shown.description },
    ]);
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
  });

  it('answers 422 for a malformed page', async () => {
    const res = await request(t.app).get('/api/v1/ambassadors?page=zero');
    expect(res.status).toBe(422);
    expect(res.body.messages.page).toBeDefined();
  });
});

describe('GET /api/v1/ambassadors/{id}', () => {
  it('returns name, address, homepage, instagram, x, images and description', async () => {
    const a = await createAmbassador(t.orm, { name: 'こもれび料理教室' });
    const res = await request(t.app).get(`/api/v1/ambassadors/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: a.id,
      name: 'こもれび料理教室',
      description: a.description,
      address: '東京都世田谷区北沢2-1-1',
      homepage_url: 'https://komorebi.example.com',
      instagram_username: 'komorebi_kitchen',
      x_username: 'komorebi_k',
      image_url: '/images/demo/ramen.jpg',
      images: [
        { object_key: expect.any(String), url: '/images/demo/ramen.jpg', sort_order: 0, alt: null },
        { object_key: expect.any(String), url: '/images/demo/wagashi.jpg', sort_order: 1, alt: null },
      ],
    });
  });

  it('answers 404 with messages.ambassador for unpublished, unknown and malformed ids', async () => {
    const hidden = await createAmbassador(t.orm, { published: false });
    for (const id of [String(hidden.id), '424242', 'abc', '-1']) {
      const res = await request(t.app).get(`/api/v1/ambassadors/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.messages.ambassador[0]).toBe('アンバサダーが見つかりませんでした');
    }
  });
});

describe('GET /api/v1/ambassadors/{id}/communities', () => {
  it("lists the ambassador's published communities with id, name and image_url", async () => {
    const a = await createAmbassador(t.orm);
    const { community } = await createCommunity(t.orm, { name: '世田谷キッチン部', images: ['/k.jpg'], ambassadorIds: [a.id] });
    await createCommunity(t.orm, { published: false, ambassadorIds: [a.id] });
    const res = await request(t.app).get(`/api/v1/ambassadors/${a.id}/communities`);
    expect(res.status).toBe(200);
    expect(res.body.communities).toHaveLength(1);
    expect(res.body.communities[0]).toMatchObject({ id: community.id, name: '世田谷キッチン部', image_url: '/k.jpg' });
  });

  it('answers 404 with the message under messages.brand (as the spec reads it) and messages.ambassador', async () => {
    const hidden = await createAmbassador(t.orm, { published: false });
    const res = await request(t.app).get(`/api/v1/ambassadors/${hidden.id}/communities`);
    expect(res.status).toBe(404);
    expect(res.body.messages.brand[0]).toBe('アンバサダーが見つかりませんでした');
    expect(res.body.messages.ambassador[0]).toBe('アンバサダーが見つかりませんでした');
  });
});

describe('POST /api/v1/ambassadors', () => {
  const valid = {
    name: '北沢こども書道教室',
    description: '小学生から大人まで通える書道教室です。',
    published: true,
    address: '東京都世田谷区北沢3-4-5',
    homepage_url: 'https://shodo.example.com/',
    instagram_username: '@kitazawa_shodo',
    x_username: 'kitazawa_shodo',
    images: [testImages[0]],
  };

  it('is for administrators only', async () => {
    expect((await request(t.app).post('/api/v1/ambassadors').send(valid)).status).toBe(401);
    const user = await createUser(t.orm);
    const res = await (await signedInAgent(t.app, user.email)).post('/api/v1/ambassadors').send(valid);
    expect(res.status).toBe(403);
    expect(await em().count(Ambassador, { name: valid.name })).toBe(0);
  });

  it('creates an ambassador with its images', async () => {
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    const res = await (await signedInAgent(t.app, admin.email)).post('/api/v1/ambassadors').send(valid);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: valid.name,
      published: true,
      instagram_username: 'kitazawa_shodo',
      image_url: testImages[0].url,
    });
    const stored = await em().findOneOrFail(Ambassador, { id: res.body.id });
    expect(stored.homepageUrl).toBe('https://shodo.example.com/');
    expect(await em().count(Image, { ambassador: stored.id })).toBe(1);
  });

  it('answers 422 with the form messages of the spec, creating nothing', async () => {
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    const agent = await signedInAgent(t.app, admin.email);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '名前を入力してください'],
      [{ name: undefined }, 'name', '名前を入力してください'],
      [{ name: 'あ'.repeat(101) }, 'name', '名前は100文字以内で入力してください'],
      [{ description: '' }, 'description', '説明を入力してください'],
      [{ description: 'あ'.repeat(1001) }, 'description', '説明は1000文字以内で入力してください'],
      [{ published: undefined }, 'published', '公開設定を選択してください'],
      [{ published: 'yes' }, 'published', '公開設定を選択してください'],
      [{ homepage_url: 'not a url' }, 'homepage_url', '有効なURLを入力してください'],
      [{ homepage_url: 'javascript:alert(1)' }, 'homepage_url', '有効なURLを入力してください'],
      [{ instagram_username: 'a'.repeat(31) }, 'instagram_username', 'Instagramのユーザー名は30文字以内で入力してください'],
      [{ x_username: 'b'.repeat(31) }, 'x_username', 'Xのユーザー名は30文字以内で入力してください'],
      [{ x_username: 'bad name' }, 'x_username', 'ユーザー名は半角英数字・ピリオド・アンダースコアで入力してください'],
      [{ images: [1, 2, 3, 4] }, 'images', '写真は3枚までです'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await agent.post('/api/v1/ambassadors').send({ ...valid, name: `検証 ${field}`, ...overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body.messages[field], JSON.stringify(overrides)).toContain(message);
    }
    expect(await em().count(Ambassador, { name: { $like: '検証%' } })).toBe(0);
  });

  it('treats blank optional fields as not given', async () => {
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    const res = await (await signedInAgent(t.app, admin.email)).post('/api/v1/ambassadors').send({
      name: '最小の教室',
      description: '説明',
      published: false,
      address: '',
      homepage_url: '',
      instagram_username: '',
      x_username: null,
    });
    expect(res.status).toBe(201);
    const stored = await em().findOneOrFail(Ambassador, { id: res.body.id });
    expect([stored.address, stored.homepageUrl, stored.instagramUsername, stored.xUsername, stored.published]).toEqual([
      null,
      null,
      null,
      null,
      false,
    ]);
    // Private: not visible publicly.
    expect((await request(t.app).get(`/api/v1/ambassadors/${stored.id}`)).status).toBe(404);
  });
});
