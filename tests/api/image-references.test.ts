// Every form that stores images takes only uploaded ones (uploads.repository allUploaded): a local image is the
// store's URL of a stored upload; the owner's current images pass as they are. The experiences' own checks are in
// host-experiences.test.ts; these are the avatar, brands, ambassadors, communities (admin and brand portal) and drafts.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, type Agent } from '#tests/factories/users';
import { createAmbassador, createBrand, createCommunity } from '#tests/factories/communities';
import { createExperience } from '#tests/factories/experiences';
import { storeTestImages, testImages, validPayload } from '#tests/factories/experience-payloads';
import { User } from '#src/modules/users/users.entity';
import { Brand } from '#src/modules/brands/brands.entity';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { Community } from '#src/modules/communities/communities.entity';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Image } from '#src/modules/images/images.entity';
import { communityForm, setupPortalBrand } from './brand-portal-helpers';

const NOT_UPLOADED = 'アップロードされていない画像が含まれています。写真をアップロードし直してください';
/** An image reference in the local store's shape whose upload never happened. */
const unknown = { object_key: 'abc123.png', url: '/uploads/abc123.png' };

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
  admin = (await createSignedInUser(t, { role: 'ADMIN' })).agent;
});

const em = () => t.orm.em.fork();
const imagesOf = (owner: Record<string, number>) => em().find(Image, owner, { orderBy: { sortOrder: 'asc' } });
const urlsOf = async (owner: Record<string, number>) => (await imagesOf(owner)).map((image) => image.url);
/** The owner's current images as its form sends them back. */
const formImagesOf = async (owner: Record<string, number>) =>
  (await imagesOf(owner)).map((image) => ({ object_key: image.objectKey, url: image.url }));

const partnerForm = (name: string, images: unknown[]) => ({
  name,
  description: '説明です。',
  published: false,
  homepage_url: '',
  instagram_username: '',
  x_username: '',
  address: '',
  images,
});

describe('only uploaded images are stored', () => {
  it('PUT /api/v1/account/profile: the avatar', async () => {
    const { user, agent } = await createSignedInUser(t);
    const refused = await agent.put('/api/v1/account/profile').send({ name: '画像 太郎', avatar: [unknown] });
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual({ avatar: [NOT_UPLOADED] });
    expect(await em().findOneOrFail(User, { id: user.id })).toMatchObject({ name: user.name, avatarUrl: null });

    const saved = await agent.put('/api/v1/account/profile').send({ name: '画像 太郎', avatar: [testImages[0]] });
    expect(saved.status).toBe(200);
    expect(saved.body.avatar_url).toBe(testImages[0].url);

    // The current avatar, sent back as the page shows it (its url as the object_key), even one not in the store.
    await em().nativeUpdate(User, { id: user.id }, { avatarUrl: '/images/demo/pottery-1.jpg' });
    const current = { object_key: '/images/demo/pottery-1.jpg', url: '/images/demo/pottery-1.jpg' };
    const kept = await agent.put('/api/v1/account/profile').send({ name: '画像 次郎', avatar: [current] });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: '画像 次郎', avatar_url: '/images/demo/pottery-1.jpg' });
  });

  it('POST and PUT /api/v1/brands', async () => {
    const refused = await admin.post('/api/v1/brands').send(partnerForm('写真なしブランド', [testImages[0], unknown]));
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect(await em().count(Brand, { name: '写真なしブランド' })).toBe(0);
    const created = await admin.post('/api/v1/brands').send(partnerForm('写真つきブランド', [testImages[0]]));
    expect(created.status).toBe(201);
    expect(await urlsOf({ brand: created.body.id })).toEqual([testImages[0].url]);

    const brand = await createBrand(t.orm, { name: '既存ブランド', images: ['/images/demo/soba.jpg'] });
    const [own] = await formImagesOf({ brand: brand.id });
    const notSaved = await admin.put(`/api/v1/brands/${brand.id}`).send(partnerForm('書き換え', [own, unknown]));
    expect(notSaved.status).toBe(422);
    expect(notSaved.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect((await em().findOneOrFail(Brand, { id: brand.id })).name).toBe('既存ブランド');
    expect(await urlsOf({ brand: brand.id })).toEqual(['/images/demo/soba.jpg']);
    const updated = await admin.put(`/api/v1/brands/${brand.id}`).send(partnerForm('書き換え', [own, testImages[1]]));
    expect(updated.status).toBe(200);
    expect(await urlsOf({ brand: brand.id })).toEqual(['/images/demo/soba.jpg', testImages[1].url]);
  });

  it('POST and PUT /api/v1/ambassadors', async () => {
    const refused = await admin.post('/api/v1/ambassadors').send(partnerForm('写真なし教室', [unknown]));
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect(await em().count(Ambassador, { name: '写真なし教室' })).toBe(0);
    const created = await admin.post('/api/v1/ambassadors').send(partnerForm('写真つき教室', [testImages[2]]));
    expect(created.status).toBe(201);
    expect(await urlsOf({ ambassador: created.body.id })).toEqual([testImages[2].url]);

    const ambassador = await createAmbassador(t.orm, { name: '既存の教室', images: ['/images/demo/ramen.jpg'] });
    const own = await formImagesOf({ ambassador: ambassador.id });
    const notSaved = await admin.put(`/api/v1/ambassadors/${ambassador.id}`).send(partnerForm('書き換え', [...own, unknown]));
    expect(notSaved.status).toBe(422);
    expect(notSaved.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect((await em().findOneOrFail(Ambassador, { id: ambassador.id })).name).toBe('既存の教室');
    const updated = await admin.put(`/api/v1/ambassadors/${ambassador.id}`).send(partnerForm('書き換え', own));
    expect(updated.status).toBe(200);
    expect(await urlsOf({ ambassador: ambassador.id })).toEqual(['/images/demo/ramen.jpg']);
  });

  it('POST and PATCH /api/v1/admin/communities', async () => {
    const refused = await admin.post('/api/v1/admin/communities').send(communityForm({ name: '写真なしの会', images: [unknown] }));
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect(await em().count(Community, { name: '写真なしの会' })).toBe(0);
    const created = await admin.post('/api/v1/admin/communities').send(communityForm({ name: '写真つきの会', images: [testImages[3]] }));
    expect(created.status).toBe(201);
    expect(await urlsOf({ community: created.body.id })).toEqual([testImages[3].url]);

    const { community } = await createCommunity(t.orm, { name: '既存の会', images: ['/images/demo/woodwork.jpg'] });
    const [own] = await formImagesOf({ community: community.id });
    const path = `/api/v1/admin/communities/${community.id}`;
    const notSaved = await admin.patch(path).send(communityForm({ name: '書き換え', images: [own, unknown], application_items: [] }));
    expect(notSaved.status).toBe(422);
    expect(notSaved.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect((await em().findOneOrFail(Community, { id: community.id })).name).toBe('既存の会');
    const updated = await admin.patch(path).send(communityForm({ name: '書き換え', images: [own, testImages[0]], application_items: [] }));
    expect(updated.status).toBe(200);
    expect(await urlsOf({ community: community.id })).toEqual(['/images/demo/woodwork.jpg', testImages[0].url]);
  });

  it('POST /brand/api/v1/communities (the brand portal)', async () => {
    const portal = await setupPortalBrand(t, 'I');
    const refused = await portal.agent
      .post('/brand/api/v1/communities')
      .send(communityForm({ name: 'ポータル写真なし', images: [unknown] }));
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect(await em().count(Community, { name: 'ポータル写真なし' })).toBe(0);
    const created = await portal.agent
      .post('/brand/api/v1/communities')
      .send(communityForm({ name: 'ポータル写真つき', images: [testImages[1]] }));
    expect(created.status).toBe(201);
    expect(await urlsOf({ community: created.body.id })).toEqual([testImages[1].url]);
  });

  it('POST and PUT /api/v1/experience_drafts, and a pending experience withdrawn to a draft', async () => {
    const { user, agent } = await createSignedInUser(t);
    const refused = await agent.post('/api/v1/experience_drafts').send({ title: '写真なし下書き', images: [unknown] });
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect(await em().count(ExperienceDraft, { user: user.id })).toBe(0);
    const draft = await agent.post('/api/v1/experience_drafts').send({ title: '写真つき下書き', images: [testImages[0]] });
    expect(draft.status).toBe(201);
    const notSaved = await agent.put(`/api/v1/experience_drafts/${draft.body.id}`).send({ title: '書き換え', images: [unknown] });
    expect(notSaved.status).toBe(422);
    expect(notSaved.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect(await urlsOf({ experienceDraft: draft.body.id })).toEqual([testImages[0].url]);
    const updated = await agent
      .put(`/api/v1/experience_drafts/${draft.body.id}`)
      .send({ title: '書き換え', images: [testImages[0], testImages[1]] });
    expect(updated.status).toBe(200);
    expect(await urlsOf({ experienceDraft: draft.body.id })).toEqual([testImages[0].url, testImages[1].url]);

    // Withdrawn: the experience's own images (the factory's are not in the store) pass; an unknown one does not.
    const pending = await createExperience(t.orm, { hostUserId: user.id, approve: false, images: ['/images/demo/pottery-1.jpg'] });
    const own = { object_key: 'test/0', url: '/images/demo/pottery-1.jpg' };
    const kept = await agent.post(`/api/v1/experiences/${pending.id}/draft`).send(validPayload({ images: [own, unknown] }));
    expect(kept.status).toBe(422);
    expect(kept.body.messages).toEqual({ images: [NOT_UPLOADED] });
    expect(await em().count(Experience, { id: pending.id })).toBe(1);
    const withdrawn = await agent.post(`/api/v1/experiences/${pending.id}/draft`).send(validPayload({ images: [own] }));
    expect(withdrawn.status).toBe(201);
    expect(await urlsOf({ experienceDraft: withdrawn.body.id })).toEqual(['/images/demo/pottery-1.jpg']);
  });
});
