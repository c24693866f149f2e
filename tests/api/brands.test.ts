import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createBrand, createCommunity } from '#tests/factories/communities';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('GET /api/v1/brands', () => {
  it('lists published brands only, newest first, with paging meta', async () => {
    const older = await createBrand(t.orm, { name: '古いブランド', images: ['/older.jpg'] });
    const newer = await createBrand(t.orm, { name: '新しいブランド', images: [] });
    await createBrand(t.orm, { name: '準備中ブランド', published: false });
    const res = await request(t.app).get('/api/v1/brands');
    expect(res.status).toBe(200);
    expect(res.body.brands.map((b: { name: string }) => b.name)).toEqual(['新しいブランド', '古いブランド']);
    expect(res.body.brands[1]).toMatchObject({ id: older.id, name: '古いブランド', image_url: '/older.jpg' });
    expect(res.body.brands[0]).toMatchObject({ id: newer.id, image_url: null });
    expect(res.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2 });
  });

  it('answers the last page for a page past the end (current_page says so), and 422 for a malformed page', async () => {
    const first = await request(t.app).get('/api/v1/brands');
    for (const page of ['5', '999999', '99999999999999']) {
      const past = await request(t.app).get(`/api/v1/brands?page=${page}`);
      expect(past.status, page).toBe(200);
      expect(past.body.brands, page).toEqual(first.body.brands);
      expect(past.body.meta, page).toEqual({ current_page: 1, total_pages: 1, total_count: first.body.meta.total_count });
    }
    for (const page of ['0', 'abc', '-1', '1.5', '1e3']) {
      const res = await request(t.app).get(`/api/v1/brands?page=${page}`);
      expect(res.status, page).toBe(422);
      expect(res.body.messages.page).toEqual(['ページは1以上の整数で指定してください']);
    }
  });
});

describe('GET /api/v1/brands/{id}', () => {
  it('returns the spec fields of a published brand', async () => {
    const brand = await createBrand(t.orm, { name: 'あおば味噌', images: ['/1.jpg', '/2.jpg'] });
    const res = await request(t.app).get(`/api/v1/brands/${brand.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: brand.id,
      name: 'あおば味噌',
      description: brand.description,
      homepage_url: 'https://aoba.example.com',
      instagram_username: 'aoba_foods',
      x_username: 'aoba_foods',
      image_url: '/1.jpg',
      images: [
        { object_key: expect.any(String), url: '/1.jpg', sort_order: 0, alt: null },
        { object_key: expect.any(String), url: '/2.jpg', sort_order: 1, alt: null },
      ],
    });
  });

  it('answers 404 with messages.brand for unpublished, unknown and malformed ids', async () => {
    const hidden = await createBrand(t.orm, { published: false });
    for (const id of [String(hidden.id), '999999', 'x1', '99999999999999999999']) {
      const res = await request(t.app).get(`/api/v1/brands/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBe('ブランドが見つかりませんでした');
      expect(res.body.messages.brand[0]).toBe('ブランドが見つかりませんでした');
    }
  });
});

describe('GET /api/v1/brands/{id}/communities', () => {
  it("lists the brand's published communities only", async () => {
    const brand = await createBrand(t.orm);
    const other = await createBrand(t.orm);
    const { community: shown } = await createCommunity(t.orm, { name: '公開コミュニティ', images: ['/c.jpg'], brandIds: [brand.id] });
    await createCommunity(t.orm, { name: '非公開コミュニティ', published: false, brandIds: [brand.id] });
    await createCommunity(t.orm, { name: '他ブランドのコミュニティ', brandIds: [other.id] });
    const res = await request(t.app).get(`/api/v1/brands/${brand.id}/communities`);
    expect(res.status).toBe(200);
    expect(res.body.communities).toEqual([
      { id: shown.id, name: '公開コミュニティ', image_url: '/c.jpg', catchphrase: shown.catchphrase, location: shown.location },
    ]);
  });

  it('answers 404 with messages.brand[0] for a brand that is not public', async () => {
    const hidden = await createBrand(t.orm, { published: false });
    await createCommunity(t.orm, { brandIds: [hidden.id] });
    for (const id of [String(hidden.id), '0', 'abc']) {
      const res = await request(t.app).get(`/api/v1/brands/${id}/communities`);
      expect(res.status).toBe(404);
      expect(res.body.messages.brand[0]).toBe('ブランドが見つかりませんでした');
    }
  });
});
