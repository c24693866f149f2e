// POST /brand/api/v1/uploads: the marketplace's upload route behind the brand portal's door. A brand member signed
// in to the portal only uploads with the same checks (content type, size, SVG served sandboxed), the same store and
// answer, and a limit of their own; a marketplace session is no key to it. And the images of a form: one list never
// names the same image (object_key) twice.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { expectDocumented } from '#tests/api/openapi-contract';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { UploadedFile } from '#src/modules/uploads/uploads.entity';
import { Community } from '#src/modules/communities/communities.entity';
import { communityForm, setupPortalBrand, type PortalBrand } from './brand-portal-helpers';

const JPEG = readFileSync(new URL('../../seeds/images/kayak.jpg', import.meta.url));
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script><rect width="4" height="4"/></svg>',
);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const ONLY_IMAGES = 'JPEG・PNG・SVG形式の画像のみアップロードできます';

let t: TestApp;
let a: PortalBrand;
beforeAll(async () => {
  t = await setupTestApp();
  a = await setupPortalBrand(t, 'U');
});

const em = () => t.orm.em.fork();
const storedCount = () => em().count(UploadedFile, {});
const UPLOADS = '/brand/api/v1/uploads';

describe('POST /brand/api/v1/uploads', () => {
  it('stores a JPEG for a member signed in to the portal only, with the marketplace answer (201)', async () => {
    const res = await a.agent.post(UPLOADS).field('upload_preset', 'experiences').attach('file', JPEG, 'community.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectDocumented(res);
    expect(res.body).toEqual({ public_id: `${sha(JPEG)}.jpg`, secure_url: `/uploads/${sha(JPEG)}.jpg` });
    const served = await request(t.app).get(res.body.secure_url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it("creates a community with the uploaded photo and the photo's text", async () => {
    const up = await a.agent.post(UPLOADS).attach('file', JPEG, 'photo.jpg');
    const created = await a.agent.post('/brand/api/v1/communities').send(
      communityForm({
        name: '写真つきの会',
        images: [{ object_key: up.body.public_id, url: up.body.secure_url, alt: '窯の前で話す参加者たち' }],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.images).toEqual([
      { object_key: `${sha(JPEG)}.jpg`, url: `/uploads/${sha(JPEG)}.jpg`, sort_order: 0, alt: '窯の前で話す参加者たち' },
    ]);
    const tooLong = await a.agent.put(`/brand/api/v1/communities/${created.body.id}`).send(
      communityForm({
        name: '写真つきの会',
        images: [{ object_key: up.body.public_id, url: up.body.secure_url, alt: 'あ'.repeat(121) }],
      }),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.messages).toEqual({ 'images.0.alt': ['写真の説明は120文字以内で入力してください'] });
  });

  it('refuses a text file named .png with the Japanese reason (422) and stores nothing', async () => {
    const before = await storedCount();
    const res = await a.agent
      .post(UPLOADS)
      .attach('file', Buffer.from('これは画像ではありません'), { filename: 'note.png', contentType: 'image/png' });
    expect(res.status).toBe(422);
    expectDocumented(res);
    expect(res.body).toEqual({ status: 422, message: ONLY_IMAGES, messages: { file: [ONLY_IMAGES] } });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const before = await storedCount();
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await a.agent.post(UPLOADS).attach('file', big, 'big.jpg');
    expect(res.status).toBe(413);
    expectDocumented(res);
    expect(res.body.messages.file).toEqual(['画像のファイルサイズは5MB以下にしてください']);
    expect(await storedCount()).toBe(before);
  });

  it('serves an uploaded SVG with a script under the sandboxing CSP', async () => {
    const up = await a.agent.post(UPLOADS).attach('file', SVG, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(up.status).toBe(201);
    const res = await request(t.app).get(up.body.secure_url);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('counts uploads per member (429 past 200 an hour), apart from the marketplace counter', async () => {
    await em()
      .getConnection()
      .execute(
        'INSERT INTO rate_limits (key, window_start, count) VALUES (?, now(), 200) ON CONFLICT (key) DO UPDATE SET window_start = now(), count = 200',
        [`upload:brand-member:${a.member.id}`],
      );
    const before = await storedCount();
    const limited = await a.agent.post(UPLOADS).attach('file', Buffer.from('x'), 'x.jpg');
    expect(limited.status).toBe(429);
    expectDocumented(limited);
    expect(limited.body.messages.base).toEqual(['試行回数が多すぎます。しばらくしてからもう一度お試しください']);
    expect(await storedCount()).toBe(before);
    // A marketplace user keeps their own counter.
    const user = await createUser(t.orm);
    const marketplace = await signedInAgent(t.app, user.email);
    expect((await marketplace.post('/api/v1/uploads').attach('file', JPEG, 'a.jpg')).status).toBe(201);
    await em()
      .getConnection()
      .execute('DELETE FROM rate_limits WHERE key = ?', [`upload:brand-member:${a.member.id}`]);
  });

  it('answers 401 signed out and to a marketplace session (even an ADMIN), and stores nothing', async () => {
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    const adminAgent = await signedInAgent(t.app, admin.email);
    const before = await storedCount();
    const other = Buffer.concat([JPEG, Buffer.from('another photo')]);
    for (const agent of [request.agent(t.app), adminAgent]) {
      const res = await agent.post(UPLOADS).attach('file', other, 'x.jpg');
      expect(res.status).toBe(401);
      expectDocumented(res);
      expect(res.body.messages.base).toEqual(['ログインしてください']);
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses a cross-site upload (403)', async () => {
    const res = await a.agent.post(UPLOADS).set('Origin', 'https://evil.example').attach('file', JPEG, 'x.jpg');
    expect(res.status).toBe(403);
  });
});

describe('one list never names the same image twice', () => {
  it('refuses a community whose photos repeat an object_key (422) and creates nothing', async () => {
    const up = await a.agent.post(UPLOADS).attach('file', JPEG, 'a.jpg');
    const image = { object_key: up.body.public_id, url: up.body.secure_url };
    const res = await a.agent.post('/brand/api/v1/communities').send(communityForm({ name: '重複写真の会', images: [image, image] }));
    expect(res.status).toBe(422);
    expectDocumented(res);
    expect(res.body.messages.images).toEqual(['同じ画像が2回含まれています。重複している画像を削除してください']);
    expect(await em().count(Community, { name: '重複写真の会' })).toBe(0);
  });
});
