// Every JPEG/PNG stored locally gets WebP variants (IMAGE_VARIANT_WIDTHS) made with sharp when it is
// uploaded; they are served like the original, and a file stored before variants existed gets them on first request.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { expectDocumented } from '#tests/api/openapi-contract';
import { UploadedFile } from '#src/modules/uploads/uploads.entity';
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, variantPublicId } from '#src/modules/uploads/uploads.schemas';
import { prepareFile, storeLocal } from '#src/modules/uploads/uploads.store';
import * as ja from '#src/i18n/ja';

/** A 960×640 demo photo and a 256×256 avatar. */
const PHOTO = readFileSync(new URL('../../seeds/images/tea-ceremony.jpg', import.meta.url));
const AVATAR = readFileSync(new URL('../../seeds/images/avatar-guest.jpg', import.meta.url));
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  t = await setupTestApp();
  const user = await createUser(t.orm);
  agent = await signedInAgent(t.app, user.email);
});

const rows = (publicIds: string[]) => t.orm.em.fork().find(UploadedFile, { publicId: { $in: publicIds } }, { populate: ['data'] });

describe('variants made at upload', () => {
  it('stores one WebP per width with the original, never wider than the original', async () => {
    const res = await agent.post('/api/v1/uploads').attach('file', PHOTO, 'photo.jpg');
    expect(res.status).toBe(201);
    expectDocumented(res);
    const ids = IMAGE_VARIANT_WIDTHS.map((w) => variantPublicId(sha(PHOTO), w));
    const stored = await rows(ids);
    expect(stored.map((r) => r.publicId).sort()).toEqual([...ids].sort());
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const row = stored.find((r) => r.publicId === variantPublicId(sha(PHOTO), width));
      expect(row?.contentType).toBe('image/webp');
      const meta = await sharp(Buffer.from(row?.data ?? [])).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(width, 960));
      // The photo's 3:2 shape is kept.
      expect(meta.height).toBe(Math.round((Math.min(width, 960) * 640) / 960));
    }
    // Smaller than the JPEG at the widths a phone uses.
    const w640 = stored.find((r) => r.publicId === variantPublicId(sha(PHOTO), 640));
    expect(w640?.byteSize).toBeLessThan(PHOTO.length);
  });

  it('serves a variant as image/webp with the uploads headers', async () => {
    const res = await request(t.app).get(`/uploads/${variantPublicId(sha(PHOTO), 320)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.body).metadata()).width).toBe(320);
  });

  it('keeps a small original at its own width', async () => {
    expect((await agent.post('/api/v1/uploads').attach('file', AVATAR, 'me.jpg')).status).toBe(201);
    const stored = await rows([variantPublicId(sha(AVATAR), 160), variantPublicId(sha(AVATAR), 960)]);
    const widths = await Promise.all(stored.map(async (r) => (await sharp(Buffer.from(r.data)).metadata()).width));
    expect(widths.sort()).toEqual([160, 256]);
  });

  it('makes none for an SVG', async () => {
    const res = await agent.post('/api/v1/uploads').attach('file', SVG, 'icon.svg');
    expect(res.status).toBe(201);
    expect(await t.orm.em.fork().count(UploadedFile, { publicId: { $like: `${sha(SVG)}-%` } })).toBe(0);
  });

  it('refuses a file that only starts like a JPEG with 422 and stores nothing', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const before = await t.orm.em.fork().count(UploadedFile, {});
    const res = await agent.post('/api/v1/uploads').attach('file', broken, 'broken.jpg');
    expect(res.status).toBe(422);
    expect(res.body.messages.file).toEqual([ja.uploads.invalidType]);
    expectDocumented(res);
    expect(await t.orm.em.fork().count(UploadedFile, {})).toBe(before);
  });
});

describe('files stored before variants existed', () => {
  it('get their variants on the first request, stored for the next ones', async () => {
    const old = readFileSync(new URL('../../seeds/images/soba.jpg', import.meta.url));
    await storeLocal(t.orm.em.fork(), [prepareFile(old)]);
    const id = variantPublicId(sha(old), 480);
    expect(await t.orm.em.fork().count(UploadedFile, { publicId: id })).toBe(0);
    const res = await request(t.app).get(`/uploads/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.body).metadata()).width).toBe(480);
    expect(await t.orm.em.fork().count(UploadedFile, { publicId: { $like: `${sha(old)}-%` } })).toBe(IMAGE_VARIANT_WIDTHS.length);
  });

  it('answers 404 for a width that is not made, or a variant without an original', async () => {
    expect((await request(t.app).get(`/uploads/${sha(PHOTO)}-500w.webp`)).status).toBe(404);
    expect((await request(t.app).get(`/uploads/${'a'.repeat(64)}-320w.webp`)).status).toBe(404);
  });
});

describe('imageSrcSet', () => {
  it('lists the variants of a local JPEG/PNG and nothing for an SVG or a hosted image', () => {
    const id = 'b'.repeat(64);
    expect(imageSrcSet(`/uploads/${id}.jpg`)).toBe(IMAGE_VARIANT_WIDTHS.map((w) => `/uploads/${id}-${w}w.webp ${w}w`).join(', '));
    expect(imageSrcSet(`/uploads/${id}.png`)).toContain('-160w.webp 160w');
    expect(imageSrcSet(`/uploads/${id}.svg`)).toBeUndefined();
    expect(imageSrcSet('https://res.cloudinary.example/image/upload/v1/x.jpg')).toBeUndefined();
  });

  it('lists an image of a fixed width only up to the variant that fills it at 4x density', () => {
    const id = 'c'.repeat(64);
    expect(imageSrcSet(`/uploads/${id}.jpg`, 36)).toBe(`/uploads/${id}-160w.webp 160w`);
    expect(imageSrcSet(`/uploads/${id}.jpg`, 40)).toBe(`/uploads/${id}-160w.webp 160w`);
    expect(imageSrcSet(`/uploads/${id}.jpg`, 96)).toBe(
      `/uploads/${id}-160w.webp 160w, /uploads/${id}-320w.webp 320w, /uploads/${id}-480w.webp 480w`,
    );
    // Wider than the widest variant fills at 4x: all of them.
    expect(imageSrcSet(`/uploads/${id}.jpg`, 300)).toBe(imageSrcSet(`/uploads/${id}.jpg`));
  });
});
