// The alt texts of an experience's photos (images.alt): written by the host in the draft and in the experience form,
// one line of at most 120 characters (refused with a Japanese message, nothing written), carried from the draft into
// the publication request and back into a withdrawn draft, and read wherever the photos are: null where none is
// written, so that each page keeps the text it writes without one.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { loggedQueries } from '#tests/setup/logged-queries';
import { storeTestImages, testImages, validPayload } from '#tests/factories/experience-payloads';
import { GUEST, operator } from '#src/lib/context';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { Image } from '#src/modules/images/images.entity';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();

const ALT = '藍甕に白い布を浸す職人の手元';
const [first, second, third] = testImages;

/** The alt texts of an owner's image rows, in their order. */
async function storedAlts(owner: { experience: number } | { experienceDraft: number }): Promise<(string | null)[]> {
  const rows = await em().find(Image, owner, { orderBy: { sortOrder: 'asc' } });
  return rows.map((row) => row.alt ?? null);
}

describe('saving and reading alt texts', () => {
  it('keeps each photo’s alt text in a draft, trimmed, a blank one as none, and replaces them with the photos', async () => {
    const { agent } = await createSignedInUser(t);
    const created = await agent.post('/api/v1/experience_drafts').send({
      title: '写真に説明のある下書き',
      images: [
        { ...first, alt: `  ${ALT} ` },
        { ...second, alt: '   ' },
        { ...third, alt: null },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.images).toEqual([
      { ...first, alt: ALT },
      { ...second, alt: null },
      { ...third, alt: null },
    ]);
    const id = created.body.id as number;
    expect(await storedAlts({ experienceDraft: id })).toEqual([ALT, null, null]);

    const read = await agent.get(`/api/v1/experience_drafts/${id}`);
    expect(read.body.images).toEqual(created.body.images);
    const list = await agent.get('/api/v1/experience_drafts');
    expect(list.body.experience_drafts).toEqual([{ id, title: '写真に説明のある下書き', images: created.body.images }]);

    // A photo sent without alt has none: the list is replaced as sent.
    const updated = await agent.put(`/api/v1/experience_drafts/${id}`).send({
      title: '写真に説明のある下書き',
      images: [second, { ...first, alt: '乾かした藍染めのハンカチ' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.images).toEqual([
      { ...second, alt: null },
      { ...first, alt: '乾かした藍染めのハンカチ' },
    ]);
    expect(await storedAlts({ experienceDraft: id })).toEqual([null, '乾かした藍染めのハンカチ']);
  });

  it('saves and changes the alt texts of an experience, and shows them to its host', async () => {
    const { agent } = await createSignedInUser(t);
    const created = await agent.post('/api/v1/experiences').send(validPayload({ images: [{ ...first, alt: ALT }, second] }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.images).toEqual([
      { ...first, alt: ALT },
      { ...second, alt: null },
    ]);
    expect(await storedAlts({ experience: id })).toEqual([ALT, null]);

    const updated = await agent
      .put(`/api/v1/experiences/${id}`)
      .send(validPayload({ images: [first, { ...second, alt: '染め上がった布' }] }));
    expect(updated.status).toBe(200);
    expect(await storedAlts({ experience: id })).toEqual([null, '染め上がった布']);
    const own = await agent.get('/api/v1/experiences');
    expect(own.body.experiences[0].images).toEqual([
      { ...first, alt: null },
      { ...second, alt: '染め上がった布' },
    ]);
  });
});

describe('the alt text’s rule', () => {
  const tooLong = 'あ'.repeat(121);

  it('takes 120 characters and refuses 121, with the field’s Japanese message, writing nothing', async () => {
    const { user, agent } = await createSignedInUser(t);
    const draftsBefore = await em().count(ExperienceDraft, { user: user.id });
    const refusedDraft = await agent
      .post('/api/v1/experience_drafts')
      .send({ title: '長すぎる説明', images: [first, { ...second, alt: tooLong }] });
    expect(refusedDraft.status).toBe(422);
    expect(refusedDraft.body.messages['images.1.alt']).toEqual(['写真の説明は120文字以内で入力してください']);
    expect(await em().count(ExperienceDraft, { user: user.id })).toBe(draftsBefore);

    const refused = await agent.post('/api/v1/experiences').send(validPayload({ images: [{ ...first, alt: tooLong }] }));
    expect(refused.status).toBe(422);
    expect(refused.body.messages['images.0.alt']).toEqual(['写真の説明は120文字以内で入力してください']);
    expect(await em().count(Experience, { hostUser: user.id })).toBe(0);

    const longest = 'い'.repeat(120);
    const created = await agent.post('/api/v1/experiences').send(validPayload({ images: [{ ...first, alt: longest }] }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const refusedUpdate = await agent.put(`/api/v1/experiences/${id}`).send(validPayload({ images: [{ ...first, alt: tooLong }] }));
    expect(refusedUpdate.status).toBe(422);
    expect(refusedUpdate.body.messages['images.0.alt']).toEqual(['写真の説明は120文字以内で入力してください']);
    expect(await storedAlts({ experience: id })).toEqual([longest]);
  });

  it('refuses line breaks and control characters (one line), writing nothing', async () => {
    const { user, agent } = await createSignedInUser(t);
    for (const alt of ['藍甕と\n職人の手元', '藍甕と\r職人', '藍甕と\t職人']) {
      const draft = await agent.post('/api/v1/experience_drafts').send({ title: '改行のある説明', images: [{ ...first, alt }] });
      expect(draft.status).toBe(422);
      expect(draft.body.messages['images.0.alt']).toEqual(['改行や制御文字は使えません']);
      const experience = await agent.post('/api/v1/experiences').send(validPayload({ images: [second, { ...first, alt }] }));
      expect(experience.status).toBe(422);
      expect(experience.body.messages['images.1.alt']).toEqual(['改行や制御文字は使えません']);
    }
    expect(await em().count(ExperienceDraft, { user: user.id })).toBe(0);
    expect(await em().count(Experience, { hostUser: user.id })).toBe(0);
  });
});

describe('from the draft to the experience and back', () => {
  it('carries the alt texts of the draft’s photos into the publication request, and back into a withdrawn draft', async () => {
    const { user, agent } = await createSignedInUser(t);
    const draft = await agent.post('/api/v1/experience_drafts').send({
      title: '藍染めのハンカチづくり',
      images: [{ ...first, alt: ALT }, second],
    });
    expect(draft.status).toBe(201);
    // The form sends the draft's photos back as it read them (form-state.ts fromDraft, toPayload).
    const read = await agent.get(`/api/v1/experience_drafts/${draft.body.id}`);
    const published = await agent
      .post('/api/v1/experiences')
      .send(validPayload({ images: read.body.images, experience_draft_id: draft.body.id }));
    expect(published.status).toBe(201);
    const id = published.body.id as number;
    expect(published.body.images).toEqual([
      { ...first, alt: ALT },
      { ...second, alt: null },
    ]);
    expect(await storedAlts({ experience: id })).toEqual([ALT, null]);
    expect(await em().count(ExperienceDraft, { id: draft.body.id })).toBe(0);

    // Withdrawn while pending: the form's photos (the host's JSON of the experience, as the edit form reads it)
    // become the draft's.
    const withdrawn = await agent.post(`/api/v1/experiences/${id}/draft`).send(validPayload({ images: published.body.images }));
    expect(withdrawn.status).toBe(201);
    expect(withdrawn.body.images).toEqual([
      { ...first, alt: ALT },
      { ...second, alt: null },
    ]);
    expect(await storedAlts({ experienceDraft: withdrawn.body.id })).toEqual([ALT, null]);
    expect(await em().count(Experience, { hostUser: user.id })).toBe(0);
  });
});

describe('the public reads', () => {
  it('give each photo its alt text, null where none is written, in the reads that already read the photos', async () => {
    const { user: host, agent } = await createSignedInUser(t);
    const title = '代替テキストのある藍染め';
    const created = await agent.post('/api/v1/experiences').send(validPayload({ title, images: [{ ...first, alt: ALT }, second] }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    await t.services.experiencesHost.approve(t.services.context(operator('test')), { id });
    const sibling = await createExperience(t.orm, { hostUserId: host.id, approve: true, images: ['/images/demo/pottery-1.jpg'] });
    const expected = (ids: number[]) => [
      { id: ids[0], url: first.url, alt: ALT },
      { id: ids[1], url: second.url, alt: null },
    ];
    const imageIds = (await em().find(Image, { experience: id }, { orderBy: { sortOrder: 'asc' } })).map((image) => image.id);

    const detail = await request(t.app).get(`/api/v1/experiences/${id}`);
    expect(detail.body.images).toEqual(expected(imageIds));
    // The experience page's read: the same photos in its one statement.
    const page = await t.services.storyPage.data(t.services.context(GUEST), { id });
    expect(page.experience.images).toEqual(expected(imageIds));
    expect(await loggedQueries(t.orm, () => t.services.storyPage.data(t.services.context(GUEST), { id }))).toHaveLength(1);

    const stories = await request(t.app).get('/api/v1/stories');
    expect(stories.body.experiences.find((card: { id: number }) => card.id === id).images).toEqual(expected(imageIds));
    const others = await request(t.app).get(`/api/v1/experiences/${sibling.id}/other_experiences`);
    expect(others.body.experiences.map((card: { id: number; images: unknown }) => [card.id, card.images])).toEqual([
      [id, expected(imageIds)],
    ]);
    const profile = await request(t.app).get(`/api/v1/profiles/${host.id}`);
    expect(profile.body.experiences.find((card: { id: number }) => card.id === id).images).toEqual(expected(imageIds));
    // The sibling's photo has none written.
    expect((await request(t.app).get(`/api/v1/experiences/${sibling.id}`)).body.images).toEqual([
      { id: expect.any(Number), url: '/images/demo/pottery-1.jpg', alt: null },
    ]);

    // A guest's favourites and reservations.
    const { user: guest, agent: guestAgent } = await createSignedInUser(t);
    expect((await guestAgent.put(`/api/v1/experiences/${id}/favorite`)).status).toBeLessThan(300);
    const favorites = await guestAgent.get('/api/v1/favorites');
    expect(favorites.body.favorites.find((card: { id: number }) => card.id === id).images).toEqual(expected(imageIds));
    const slot = await createCalendar(t.orm, id, { daysFromToday: 12 });
    await createReservation(t.orm, { userId: guest.id, experienceId: id, calendarIds: [slot.id] });
    const reservations = await guestAgent.get('/api/v1/reservations');
    expect(reservations.status).toBe(200);
    expect(reservations.body.reservations.map((r: { image_url: string; image_alt: string | null }) => [r.image_url, r.image_alt])).toEqual([
      [first.url, ALT],
    ]);
  });
});
