import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import express from 'express';
import multer from 'multer';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { UploadedFile } from '#src/modules/uploads/uploads.entity';
import { IMAGE_VARIANT_WIDTHS, UPLOAD_MAX_BYTES } from '#src/modules/uploads/uploads.schemas';
import * as ja from '#src/i18n/ja';

const JPEG = readFileSync(new URL('../../seeds/images/kayak.jpg', import.meta.url));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const EVIL_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n',
);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>;

beforeAll(async () => {
  t = await setupTestApp();
  const user = await createUser(t.orm);
  agent = await signedInAgent(t.app, user.email);
});

async function storedCount(): Promise<number> {
  return t.orm.em.fork().count(UploadedFile, {});
}

describe('POST /api/v1/uploads (local store)', () => {
  it('stores a JPEG in PostgreSQL and answers 201 with public_id and secure_url', async () => {
    const before = await storedCount();
    const res = await agent.post('/api/v1/uploads').field('upload_preset', 'stories').attach('file', JPEG, 'photo.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ public_id: `${sha(JPEG)}.jpg`, secure_url: `/uploads/${sha(JPEG)}.jpg` });
    const row = await t.orm.em.fork().findOneOrFail(UploadedFile, { publicId: res.body.public_id }, { populate: ['data'] });
    expect(row).toMatchObject({ contentType: 'image/jpeg', byteSize: JPEG.length, sha256: sha(JPEG) });
    expect(Buffer.compare(row.data, JPEG)).toBe(0);
    // The original and its WebP variants (tests/api/image-variants.test.ts).
    expect(await storedCount()).toBe(before + 1 + IMAGE_VARIANT_WIDTHS.length);
  });

  it('accepts a PNG whatever the name and client MIME type claim', async () => {
    const res = await agent.post('/api/v1/uploads').attach('file', PNG, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(res.status).toBe(201);
    expect(res.body.public_id).toBe(`${sha(PNG)}.png`);
    const row = await t.orm.em.fork().findOneOrFail(UploadedFile, { publicId: res.body.public_id });
    expect(row.contentType).toBe('image/png');
    const served = await request(t.app).get(res.body.secure_url);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses a text file named .jpg with 422 and stores nothing', async () => {
    const before = await storedCount();
    const res = await agent
      .post('/api/v1/uploads')
      .attach('file', Buffer.from('これは画像ではありません'), { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(422);
    expect(res.body.messages.file).toEqual(['JPEG・PNG・SVG形式の画像のみアップロードできます']);
    expect(await storedCount()).toBe(before);
  });

  it('refuses HTML disguised as SVG and GIF files with 422 and stores nothing', async () => {
    const before = await storedCount();
    const onlyImages = {
      status: 422,
      message: 'JPEG・PNG・SVG形式の画像のみアップロードできます',
      messages: { file: ['JPEG・PNG・SVG形式の画像のみアップロードできます'] },
    };
    const html = await agent
      .post('/api/v1/uploads')
      .attach('file', Buffer.from('<html><svg></svg></html>'), { filename: 'x.svg', contentType: 'image/svg+xml' });
    expect(html.status).toBe(422);
    expect(html.body).toEqual(onlyImages);
    const gif = await agent
      .post('/api/v1/uploads')
      .attach('file', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), { filename: 'x.png', contentType: 'image/png' });
    expect(gif.status).toBe(422);
    expect(gif.body).toEqual(onlyImages);
    expect(await storedCount()).toBe(before);
  });

  it('gives the same public_id to the same bytes and stores them once', async () => {
    const first = await agent.post('/api/v1/uploads').attach('file', JPEG, 'a.jpg');
    const before = await storedCount();
    const second = await agent.post('/api/v1/uploads').attach('file', JPEG, 'renamed.jpeg');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over the size limit with 413 and a Japanese message', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(UPLOAD_MAX_BYTES - JPEG.length + 1)]);
    const before = await storedCount();
    const res = await agent.post('/api/v1/uploads').attach('file', big, 'big.jpg');
    expect(res.status).toBe(413);
    expect(res.body.messages.file[0]).toBe('画像のファイルサイズは5MB以下にしてください');
    expect(await storedCount()).toBe(before);
    // Exactly at the limit is fine.
    const edge = Buffer.concat([JPEG, Buffer.alloc(UPLOAD_MAX_BYTES - JPEG.length)]);
    expect((await agent.post('/api/v1/uploads').attach('file', edge, 'edge.jpg')).status).toBe(201);
  });

  it('answers 422 without a file, with two files, or with a malformed body', async () => {
    const none = await agent.post('/api/v1/uploads').field('upload_preset', 'x');
    expect(none.status).toBe(422);
    expect(none.body.messages.file).toEqual(['画像ファイルを選択してください']);
    const two = await agent.post('/api/v1/uploads').attach('file', PNG, 'a.png').attach('file', PNG, 'b.png');
    expect(two.status).toBe(422);
    expect(two.body.messages.file).toEqual(['画像は1枚ずつアップロードしてください']);
    const wrongField = await agent.post('/api/v1/uploads').attach('image', PNG, 'a.png');
    expect(wrongField.status).toBe(422);
    const broken = await agent
      .post('/api/v1/uploads')
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
    expect(broken.status).toBe(422);
    const json = await agent.post('/api/v1/uploads').send({ file: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(422);
    const presets = await agent
      .post('/api/v1/uploads')
      .field('upload_preset', 'a')
      .field('upload_preset', 'b')
      .attach('file', PNG, 'a.png');
    expect(presets.status).toBe(422);
    expect(presets.body.messages.upload_preset[0]).toMatch(/upload_preset/);
  });

  it('answers 401 when signed out and stores nothing', async () => {
    const before = await storedCount();
    const res = await request(t.app).post('/api/v1/uploads').attach('file', PNG, 'a.png');
    expect(res.status).toBe(401);
    expect(res.body.messages.base[0]).toMatch(/ログイン/);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a cross-site upload with 403 and stores nothing', async () => {
    const before = await storedCount();
    const fresh = Buffer.concat([PNG, Buffer.from('cross-site')]);
    const res = await agent.post('/api/v1/uploads').set('Origin', 'https://evil.example').attach('file', fresh, 'a.png');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 403, message: ja.errors.crossOrigin, messages: { base: [ja.errors.crossOrigin] } });
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /uploads/{public_id}', () => {
  it('serves the bytes with the stored type, an immutable cache and nosniff; 304 on revalidation', async () => {
    const up = await agent.post('/api/v1/uploads').attach('file', JPEG, 'a.jpg');
    const res = await request(t.app).get(up.body.secure_url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.body as Buffer, JPEG)).toBe(0);
    const again = await request(t.app).get(up.body.secure_url).set('If-None-Match', res.headers.etag);
    expect(again.status).toBe(304);
  });

  it('serves an SVG with a script under a CSP that forbids scripts and sandboxes the document', async () => {
    const up = await agent.post('/api/v1/uploads').attach('file', EVIL_SVG, { filename: 'evil.png', contentType: 'image/png' });
    expect(up.status).toBe(201);
    expect(up.body.public_id).toMatch(/\.svg$/);
    const res = await request(t.app).get(up.body.secure_url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    expect(csp).not.toMatch(/script-src|allow-scripts|unsafe-eval/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await request(t.app).get(`/uploads/${'0'.repeat(64)}.jpg`)).status).toBe(404);
    expect((await request(t.app).get('/uploads/../../etc/passwd')).status).toBe(404);
    expect((await request(t.app).get('/uploads/a/b/c')).status).toBe(404);
    expect((await request(t.app).get(`/uploads/${'A'.repeat(64)}.JPG`)).status).toBe(404);
  });
});

describe('POST /api/v1/uploads with an image hosting service configured', () => {
  let hosting: Server;
  let hostingUrl: string;
  const received: { preset: string | undefined; size: number; type: string }[] = [];
  let failNext = false;
  let h: TestApp;

  beforeAll(async () => {
    const fake = express();
    fake.post('/v1_1/demo/image/upload', multer({ storage: multer.memoryStorage() }).single('file'), (req, res) => {
      if (failNext) {
        failNext = false;
        res.status(400).json({ error: { message: 'Upload preset not found' } });
        return;
      }
      received.push({ preset: req.body.upload_preset, size: req.file?.size ?? 0, type: req.file?.mimetype ?? '' });
      res.json({
        public_id: 'stories/abc123',
        secure_url: 'https://res.example.com/demo/image/upload/v1/stories/abc123.jpg',
        bytes: req.file?.size,
      });
    });
    hosting = await new Promise<Server>((resolve) => {
      const s = fake.listen(0, '127.0.0.1', () => resolve(s));
    });
    hostingUrl = `http://127.0.0.1:${(hosting.address() as AddressInfo).port}/v1_1/demo/image/upload`;
    h = await setupTestApp({ IMAGE_UPLOAD_URL: hostingUrl, IMAGE_UPLOAD_PRESET: 'taiken_unsigned' });
  });
  afterAll(() => new Promise<void>((resolve) => hosting.close(() => resolve())));

  it('forwards the file with the configured preset and returns the service answer', async () => {
    const user = await createUser(h.orm);
    const a = await signedInAgent(h.app, user.email);
    const res = await a.post('/api/v1/uploads').field('upload_preset', 'chosen-by-browser').attach('file', JPEG, 'photo.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      public_id: 'stories/abc123',
      secure_url: 'https://res.example.com/demo/image/upload/v1/stories/abc123.jpg',
    });
    expect(received).toEqual([{ preset: 'taiken_unsigned', size: JPEG.length, type: 'image/jpeg' }]);
    expect(await h.orm.em.fork().count(UploadedFile, {})).toBe(0);
  });

  it('still checks the content before forwarding', async () => {
    const user = await createUser(h.orm);
    const a = await signedInAgent(h.app, user.email);
    const res = await a.post('/api/v1/uploads').attach('file', Buffer.from('not an image'), 'x.jpg');
    expect(res.status).toBe(422);
    expect(received).toHaveLength(1);
  });

  it('answers 502 with a Japanese message when the service refuses', async () => {
    const user = await createUser(h.orm);
    const a = await signedInAgent(h.app, user.email);
    failNext = true;
    const res = await a.post('/api/v1/uploads').attach('file', PNG, 'a.png');
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('画像のアップロードに失敗しました。時間をおいてもう一度お試しください');
  });
});
