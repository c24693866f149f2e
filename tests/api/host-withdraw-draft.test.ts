// The draft-save button of an experience awaiting publication (申請中). Saving a draft of a pending
// experience withdraws its publication request: the form's content becomes a draft and the experience is deleted.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { Image } from '#src/modules/images/images.entity';
import { storeTestImages, testImages, validPayload } from '#tests/factories/experience-payloads';
import { expectDocumented } from './openapi-contract';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await storeTestImages(t.orm);
});

const em = () => t.orm.em.fork();

describe('POST /api/v1/experiences/{id}/draft (a pending experience back to a draft)', () => {
  it('saves the form as a draft of the host and deletes the pending experience with its slots', async () => {
    const { user, agent } = await createSignedInUser(t, { role: 'USER' });
    const created = await agent.post('/api/v1/experiences').send(validPayload({ title: '申請中の藍染め' }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(await em().count(Calendar, { experience: id })).toBe(1);

    const res = await agent
      .post(`/api/v1/experiences/${id}/draft`)
      .send(validPayload({ title: '直したい藍染め', price: null, description: '' }));
    expect(res.status).toBe(201);
    expectDocumented(res);
    expect(res.body).toMatchObject({ title: '直したい藍染め', price: null, description: null });
    expect(res.body.images.map((i: { url: string }) => i.url)).toEqual([testImages[0].url, testImages[1].url]);
    const draft = await em().findOneOrFail(ExperienceDraft, { id: res.body.id });
    expect(draft.user.id).toBe(user.id);
    expect(await em().count(Image, { experienceDraft: draft.id })).toBe(2);
    expect(await em().count(Experience, { id })).toBe(0);
    expect(await em().count(Calendar, { experience: id })).toBe(0);
    expect((await agent.get('/api/v1/experiences')).body.experiences).toEqual([]);
  });

  it('needs a title like any draft, and changes nothing when refused', async () => {
    const { agent } = await createSignedInUser(t, { role: 'USER' });
    const created = await agent.post('/api/v1/experiences').send(validPayload());
    const res = await agent.post(`/api/v1/experiences/${created.body.id}/draft`).send(validPayload({ title: ' ' }));
    expect(res.status).toBe(422);
    expectDocumented(res);
    expect(res.body.messages.title).toEqual(['下書きを保存するにはタイトルを入力してください']);
    expect(await em().count(Experience, { id: created.body.id })).toBe(1);
  });

  it("refuses a published experience and one with reservations (409), someone else's (404 like an unknown id, 403 once published)", async () => {
    const { user, agent } = await createSignedInUser(t, { role: 'HOST' });
    const published = await createExperience(t.orm, { hostUserId: user.id, approve: true });
    const publishedRes = await agent.post(`/api/v1/experiences/${published.id}/draft`).send({ title: '戻したい' });
    expect(publishedRes.status).toBe(409);
    expectDocumented(publishedRes);
    expect(publishedRes.body.message).toBe('公開中の体験は下書きに戻せません');

    const reserved = await createExperience(t.orm, { hostUserId: user.id, approve: false });
    const slot = await createCalendar(t.orm, reserved.id);
    const { user: guest } = await createSignedInUser(t);
    await createReservation(t.orm, { userId: guest.id, experienceId: reserved.id, calendarIds: [slot.id], status: 'cancelled' });
    const reservedRes = await agent.post(`/api/v1/experiences/${reserved.id}/draft`).send({ title: '戻したい' });
    expect(reservedRes.status).toBe(409);
    expect(reservedRes.body.message).toBe('予約のある体験は下書きに戻せません');

    const pending = await createExperience(t.orm, { hostUserId: user.id, approve: false });
    const { agent: stranger } = await createSignedInUser(t, { role: 'HOST' });
    const strangerRes = await stranger.post(`/api/v1/experiences/${pending.id}/draft`).send({ title: '横取り' });
    expect(strangerRes.status).toBe(404);
    expect(strangerRes.body).toEqual({
      status: 404,
      message: '体験が見つかりませんでした',
      messages: { experience: ['体験が見つかりませんでした'] },
    });
    const strangerPublished = await stranger.post(`/api/v1/experiences/${published.id}/draft`).send({ title: '横取り' });
    expect(strangerPublished.status).toBe(403);
    expect(strangerPublished.body.message).toBe('この体験を編集する権限がありません');
    expect((await request(t.app).post(`/api/v1/experiences/${pending.id}/draft`).send({ title: 'x' })).status).toBe(401);
    const unknown = await agent.post('/api/v1/experiences/999999/draft').send({ title: 'x' });
    expect(unknown.status).toBe(404);
    expectDocumented(unknown);
    expect(unknown.body).toEqual(strangerRes.body);

    expect(await em().count(Experience, { id: { $in: [published.id, reserved.id, pending.id] } })).toBe(3);
    expect(await em().count(ExperienceDraft, { title: { $in: ['戻したい', '横取り', 'x'] } })).toBe(0);
  });
});
