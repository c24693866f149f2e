// The brand portal's calls: success, bad input (422, nothing changed) and 401 signed out for
// every call. Accounts: brand-portal-accounts.test.ts; isolation between brands: brand-portal-isolation.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { expectDocumented } from '#tests/api/openapi-contract';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createAmbassador, createCommunity } from '#tests/factories/communities';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createUser, signedInAgent } from '#tests/factories/users';
import { BrandCommunity } from '#src/modules/brands/brands.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { AmbassadorCommunity } from '#src/modules/ambassadors/ambassadors.entity';
import { Community, CommunityApplication } from '#src/modules/communities/communities.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import {
  createApplication,
  communityForm,
  createSignableMember,
  send,
  setupPortalBrand,
  type Method,
  type PortalBrand,
} from './brand-portal-helpers';

let t: TestApp;
let a: PortalBrand;
beforeAll(async () => {
  t = await setupTestApp();
  a = await setupPortalBrand(t, 'A');
});

const em = () => t.orm.em.fork();
const api = (path: string) => `/brand/api/v1${path}`;

describe('every call needs a portal session', () => {
  it('answers 401 messages.base signed out and for a marketplace ADMIN, and changes nothing', async () => {
    const admin = await createUser(t.orm, { role: 'ADMIN' });
    const adminAgent = await signedInAgent(t.app, admin.email);
    const calls: [Method, string, unknown?][] = [
      ['get', '/brand-members/me'],
      ['get', '/brand-members'],
      ['post', '/brand-members/invitation', { email: 'denied@example.com' }],
      ['delete', `/brand-members/${a.member.id}`],
      ['get', '/communities'],
      ['post', '/communities', communityForm({ name: '拒否されるコミュニティ' })],
      ['get', `/communities/${a.communityId}`],
      ['put', `/communities/${a.communityId}`, communityForm({ name: '書き換え' })],
      ['get', '/ambassadors'],
      ['get', `/communities/${a.communityId}/ambassadors`],
      ['post', `/communities/${a.communityId}/ambassadors/${a.freeAmbassadorId}/association`],
      ['delete', `/communities/${a.communityId}/ambassadors/${a.ambassadorId}/association`],
      ['get', `/communities/${a.communityId}/experiences?held_at=future`],
      ['get', `/experiences/${a.experienceId}/participant-numbers`],
      ['get', '/community-applications'],
      ['get', `/community-applications/${a.applicationId}`],
      ['put', `/community-applications/${a.applicationId}`, { handled: true }],
    ];
    const signedOut = request.agent(t.app);
    for (const agent of [signedOut, adminAgent]) {
      for (const [method, path, body] of calls) {
        const res = await send(agent, method, api(path), body);
        expect(res.status, `${method} ${path}`).toBe(401);
        expectDocumented(res);
        expect(res.body.messages.base, `${method} ${path}`).toEqual(['ログインしてください']);
      }
    }
    expect(await em().count(BrandMember, { email: 'denied@example.com' })).toBe(0);
    expect(await em().count(Community, { name: { $in: ['拒否されるコミュニティ', '書き換え'] } })).toBe(0);
    expect(await em().count(AmbassadorCommunity, { community: a.communityId })).toBe(1);
    expect((await em().findOneOrFail(CommunityApplication, { id: a.applicationId })).resolved).toBe(false);
    expect(await em().count(BrandMember, { id: a.member.id })).toBe(1);
  });

  it('answers unknown portal paths with a JSON 404', async () => {
    const res = await a.agent.get(api('/no-such-call'));
    expect(res.status).toBe(404);
    expect(res.body.messages.base).toEqual(['見つかりませんでした']);
  });
});

describe('members', () => {
  it('lists the brand members with self marked, invites one (201, mail) and deletes a pending one', async () => {
    const list = await a.agent.get(api('/brand-members'));
    expect(list.status).toBe(200);
    expect(list.body.members).toContainEqual(
      expect.objectContaining({ id: a.member.id, email: a.member.email, invitation_accepted: true, self: true }),
    );
    const invited = await a.agent.post(api('/brand-members/invitation')).send({ email: 'Colleague@Example.com' });
    expect(invited.status).toBe(201);
    expect(invited.body).toEqual({ email: 'colleague@example.com', sent: true });
    const mail = await em().findOneOrFail(MailOutbox, { toAddress: 'colleague@example.com' });
    expect(mail.textBody).toContain('/brand/invitation?email=colleague%40example.com&invitation_token=');
    const after = await a.agent.get(api('/brand-members'));
    const colleague = after.body.members.find((m: { email: string }) => m.email === 'colleague@example.com');
    expect(colleague).toMatchObject({ invitation_accepted: false, brand_id: a.brandId, self: false });
    expect(after.body.meta.total_count).toBe(list.body.meta.total_count + 1);

    const removed = await a.agent.delete(api(`/brand-members/${colleague.id}`));
    expect(removed.status).toBe(204);
    expect(await em().count(BrandMember, { email: 'colleague@example.com' })).toBe(0);
  });

  it('deletes an accepted colleague, but never oneself (422)', async () => {
    const colleague = await createSignableMember(t, a.brandId, { email: 'leaving@example.com' });
    const self = await a.agent.delete(api(`/brand-members/${a.member.id}`));
    expect(self.status).toBe(422);
    expect(self.body.messages.base).toEqual(['自分自身は削除できません']);
    expect(await em().count(BrandMember, { id: a.member.id })).toBe(1);
    expect((await a.agent.delete(api(`/brand-members/${colleague.id}`))).status).toBe(204);
    expect(await em().count(BrandMember, { id: colleague.id })).toBe(0);
  });

  it('refuses bad invitation addresses with the spec messages and 404s unknown member ids', async () => {
    const before = await em().count(BrandMember, {});
    const cases: [unknown, string][] = [
      [{}, 'この項目は必須です'],
      [{ email: '' }, 'この項目は必須です'],
      [{ email: 'no-at-sign' }, 'メールアドレスが正しくありません。正しい形式で入力してください'],
    ];
    for (const [body, message] of cases) {
      const res = await a.agent.post(api('/brand-members/invitation')).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectDocumented(res);
      expect(res.body.messages.email).toEqual([message]);
    }
    const joined = await a.agent.post(api('/brand-members/invitation')).send({ email: a.member.email });
    expect(joined.status).toBe(422);
    expect(joined.body.messages.email).toEqual(['このメールアドレスのメンバーはすでに参加しています']);
    expect(await em().count(BrandMember, {})).toBe(before);
    for (const id of ['999999', 'abc', '0']) {
      const res = await a.agent.delete(api(`/brand-members/${id}`));
      expect(res.status, id).toBe(404);
      expectDocumented(res, 'DELETE /brand/api/v1/brand-members/{id}');
      expect(res.body.messages.brand_member).toBeDefined();
    }
  });
});

describe('communities', () => {
  it('lists the brand communities with meta, shows one with its items, creates one linked to the brand, updates it', async () => {
    const list = await a.agent.get(api('/communities'));
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 1 });
    expect(list.body.communities[0]).toMatchObject({
      id: a.communityId,
      name: 'Aのコミュニティ',
      ambassador_count: 1,
      application_count: 1,
    });

    const detail = await a.agent.get(api(`/communities/${a.communityId}`));
    expect(detail.status).toBe(200);
    expect(detail.body.application_items).toEqual([expect.objectContaining({ id: a.questionId, name: '参加の動機', answer_count: 1 })]);

    const created = await a.agent.post(api('/communities')).send(communityForm({ name: 'A の新しい会' }));
    expect(created.status).toBe(201);
    expect(created.body.application_items.map((i: { name: string }) => i.name)).toEqual(['参加の動機']);
    expect(await em().count(BrandCommunity, { brand: a.brandId, community: created.body.id })).toBe(1);

    const updated = await a.agent.put(api(`/communities/${created.body.id}`)).send(
      communityForm({
        name: 'A の会（改）',
        application_items: [{ id: created.body.application_items[0].id, name: '動機', required: false }],
      }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('A の会（改）');
    expect(updated.body.application_items).toEqual([expect.objectContaining({ name: '動機', required: false })]);

    // Past the end: the last page (the lists' one rule).
    const page2 = await a.agent.get(api('/communities?page=2'));
    const page1 = await a.agent.get(api('/communities?page=1'));
    expect(page2.body.communities).toEqual(page1.body.communities);
    expect(page2.body.communities).toHaveLength(2);
    expect(page2.body.meta).toMatchObject({ current_page: 1, total_pages: 1, total_count: 2 });
  });

  it('refuses a bad form with the admin form messages (422) and changes nothing; a bad page is 422', async () => {
    const before = await em().count(Community, {});
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'コミュニティ名を入力してください'],
      [{ catchphrase: 'あ'.repeat(41) }, 'catchphrase', 'キャッチコピーは40文字以内で入力してください'],
      [{ images: [] }, 'images', '写真を1枚以上登録してください'],
      [{ published: null }, 'published', '公開設定を選択してください'],
      [
        { application_items: Array.from({ length: 11 }, (_, i) => ({ name: `質問${i}`, required: false })) },
        'application_items',
        '申し込み項目は10件までです',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const created = await a.agent.post(api('/communities')).send(communityForm(patch));
      expect(created.status, field).toBe(422);
      expect(created.body.messages[field], field).toEqual([message]);
      const updated = await a.agent.put(api(`/communities/${a.communityId}`)).send(communityForm(patch));
      expect(updated.status, field).toBe(422);
      expect(updated.body.messages[field], field).toEqual([message]);
    }
    expect(await em().count(Community, {})).toBe(before);
    expect((await em().findOneOrFail(Community, { id: a.communityId })).name).toBe('Aのコミュニティ');
    const badPage = await a.agent.get(api('/communities?page=0'));
    expect(badPage.status).toBe(422);
    expect(badPage.body.messages.page).toEqual(['ページは1以上の整数で指定してください']);
  });
});

describe('ambassadors of a community', () => {
  it('lists published ambassadors (not yet in the community with community_id), adds one and removes it', async () => {
    const unpublished = await createAmbassador(t.orm, { name: 'A の非公開教室', published: false });
    const all = await a.agent.get(api('/ambassadors'));
    expect(all.status).toBe(200);
    const ids = all.body.ambassadors.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([a.ambassadorId, a.freeAmbassadorId]));
    expect(ids).not.toContain(unpublished.id);
    expect(all.body.ambassadors.find((x: { id: number }) => x.id === a.ambassadorId).associated_community_ids).toEqual([a.communityId]);

    const available = await a.agent.get(api(`/ambassadors?community_id=${a.communityId}`));
    const availableIds = available.body.ambassadors.map((x: { id: number }) => x.id);
    expect(availableIds).toContain(a.freeAmbassadorId);
    expect(availableIds).not.toContain(a.ambassadorId);

    const added = await a.agent.post(api(`/communities/${a.communityId}/ambassadors/${a.freeAmbassadorId}/association`));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ community_id: a.communityId, ambassador_id: a.freeAmbassadorId });
    const listed = await a.agent.get(api(`/communities/${a.communityId}/ambassadors?page=1`));
    expect(listed.status).toBe(200);
    expect(listed.body.community).toEqual({ id: a.communityId, name: 'Aのコミュニティ' });
    expect(listed.body.ambassadors.map((x: { id: number }) => x.id)).toEqual([a.freeAmbassadorId, a.ambassadorId]);
    expect(listed.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2 });

    const twice = await a.agent.post(api(`/communities/${a.communityId}/ambassadors/${a.freeAmbassadorId}/association`));
    expect(twice.status).toBe(422);
    expect(twice.body.messages.ambassador_id).toEqual(['このアンバサダーはすでにコミュニティに参加しています']);

    const removed = await a.agent.delete(api(`/communities/${a.communityId}/ambassadors/${a.freeAmbassadorId}/association`));
    expect(removed.status).toBe(204);
    expect(await em().count(AmbassadorCommunity, { community: a.communityId, ambassador: a.freeAmbassadorId })).toBe(0);
    const again = await a.agent.delete(api(`/communities/${a.communityId}/ambassadors/${a.freeAmbassadorId}/association`));
    expect(again.status).toBe(404);
  });

  it('refuses an unpublished or unknown ambassador (404) and changes nothing', async () => {
    const hidden = await createAmbassador(t.orm, { name: '非公開の教室', published: false });
    for (const id of [hidden.id, 999999, 'abc']) {
      const res = await a.agent.post(api(`/communities/${a.communityId}/ambassadors/${id}/association`));
      expect(res.status, String(id)).toBe(404);
      expect(res.body.messages.ambassador).toEqual(['アンバサダーが見つかりませんでした']);
    }
    expect(await em().count(AmbassadorCommunity, { community: a.communityId })).toBe(1);
    const badPage = await a.agent.get(api(`/communities/${a.communityId}/ambassadors?page=x`));
    expect(badPage.status).toBe(422);
  });
});

describe('experiences of a community', () => {
  it('splits future and past by Japan time with participant numbers per date, and pages', async () => {
    const past = await createExperience(t.orm, { title: '終わった体験', approve: false });
    const undated = await createExperience(t.orm, { title: '日程未定の体験' });
    const e = em();
    for (const id of [past.id, undated.id])
      (await e.findOneOrFail(Experience, { id })).community = e.getReference(Community, a.communityId);
    await e.flush();
    await createCalendar(t.orm, past.id, {
      daysFromToday: -3,
      startTime: '09:30',
      endTime: '11:00',
      participantNumber: 2,
      recruitmentNumber: 4,
    });

    const future = await a.agent.get(api(`/communities/${a.communityId}/experiences?held_at=future`));
    expect(future.status).toBe(200);
    expect(future.body.experiences.map((x: { experience_id: number }) => x.experience_id)).toEqual([a.experienceId, undated.id]);
    const first = future.body.experiences[0];
    expect(first).toMatchObject({ experience_name: 'Aの体験', published: true, state: '京都府' });
    expect(first.held_at).toMatch(/^\d{4}-\d{2}-\d{2}T10:00:00\+09:00$/);
    expect(first.participant_numbers).toEqual([
      expect.objectContaining({ calendar_id: a.futureCalendarId, participant_number: 3, recruitment_number: 8 }),
    ]);
    expect(future.body.experiences[1].held_at).toBeNull();
    expect(future.body.meta).toEqual({ current_page: 1, total_pages: 1, total_count: 2 });

    const pastList = await a.agent.get(api(`/communities/${a.communityId}/experiences?held_at=past&page=1`));
    expect(pastList.status).toBe(200);
    // Latest date first; the experience with dates on both sides is in this list too, with its past date only.
    expect(pastList.body.experiences.map((x: { experience_id: number }) => x.experience_id)).toEqual([past.id, a.experienceId]);
    expect(pastList.body.experiences[0]).toMatchObject({
      published: false,
      participant_numbers: [expect.objectContaining({ start_time: '09:30', participant_number: 2 })],
    });
    expect(pastList.body.experiences[1].participant_numbers).toEqual([
      expect.objectContaining({ calendar_id: a.pastCalendarId, participant_number: 5, recruitment_number: 6 }),
    ]);
    expect(pastList.body.experiences.map((x: { experience_id: number }) => x.experience_id)).not.toContain(undated.id);

    const numbers = await a.agent.get(api(`/experiences/${a.experienceId}/participant-numbers`));
    expect(numbers.status).toBe(200);
    expect(numbers.body.participant_numbers.map((n: { calendar_id: number }) => n.calendar_id)).toEqual([
      a.pastCalendarId,
      a.futureCalendarId,
    ]);
    expect(numbers.body.participant_numbers[1]).toMatchObject({
      participant_number: 3,
      recruitment_number: 8,
      start_time: '10:00',
      end_time: '12:00',
    });
    expect(numbers.body.participant_numbers[1].held_at).toBe(`${numbers.body.participant_numbers[1].date}T10:00:00+09:00`);

    // The detail panel of each side of the toggle asks for that side's dates only, as the list row shows them.
    const futureDates = await a.agent.get(api(`/experiences/${a.experienceId}/participant-numbers?held_at=future`));
    expect(futureDates.status).toBe(200);
    expectDocumented(futureDates);
    expect(futureDates.body.participant_numbers.map((n: { calendar_id: number }) => n.calendar_id)).toEqual([a.futureCalendarId]);
    const pastDates = await a.agent.get(api(`/experiences/${a.experienceId}/participant-numbers?held_at=past`));
    expect(pastDates.status).toBe(200);
    expect(pastDates.body.participant_numbers.map((n: { calendar_id: number }) => n.calendar_id)).toEqual([a.pastCalendarId]);
  });

  it('refuses a bad held_at or page (422) and 404s an experience outside the brand or without a community', async () => {
    const bad = await a.agent.get(api(`/communities/${a.communityId}/experiences?held_at=soon`));
    expect(bad.status).toBe(422);
    expect(bad.body.messages.held_at).toEqual(['今後か過去を選択してください']);
    const badDetail = await a.agent.get(api(`/experiences/${a.experienceId}/participant-numbers?held_at=soon`));
    expect(badDetail.status).toBe(422);
    expectDocumented(badDetail);
    expect(badDetail.body.messages.held_at).toEqual(['今後か過去を選択してください']);
    const noCommunity = await createExperience(t.orm, { title: 'どこにも属さない体験' });
    for (const id of [noCommunity.id, 999999, 'x']) {
      const res = await a.agent.get(api(`/experiences/${id}/participant-numbers`));
      expect(res.status, String(id)).toBe(404);
      expect(res.body.messages.experience).toEqual(['体験が見つかりませんでした']);
    }
  });
});

describe('community applications', () => {
  it('lists newest first with meta, shows the detail (age, occupation, answers) and saves handled', async () => {
    const newer = await createApplication(t, a.communityId, a.questionId, '新しい 申込者');
    const list = await a.agent.get(api('/community-applications?page=1'));
    expect(list.status).toBe(200);
    expect(list.body.community_applications.map((x: { id: number }) => x.id).slice(0, 2)).toEqual([newer.id, a.applicationId]);
    expect(list.body.meta).toMatchObject({ current_page: 1, total_pages: 1 });

    const detail = await a.agent.get(api(`/community-applications/${a.applicationId}`));
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id: a.applicationId,
      community_id: a.communityId,
      community_name: 'Aのコミュニティ',
      user_name: 'A 申込者',
      occupation: expect.any(String),
      handled: false,
      answers: [{ question: '参加の動機', answer: '海が好きだからです' }],
    });
    expect(detail.body.user_age).toBeGreaterThanOrEqual(35);
    expect(detail.body.occupation.length).toBeGreaterThan(0);

    const handled = await a.agent.put(api(`/community-applications/${a.applicationId}`)).send({ handled: true });
    expect(handled.status).toBe(200);
    expect(handled.body.handled).toBe(true);
    expect((await a.agent.get(api(`/community-applications/${a.applicationId}`))).body.handled).toBe(true);
    const back = await a.agent.put(api(`/community-applications/${a.applicationId}`)).send({ handled: false });
    expect(back.body.handled).toBe(false);
  });

  it('shows each answer under the words of the question the applicant answered, after staff reword it', async () => {
    const created = await a.agent.post(api('/communities')).send(communityForm({ name: 'A の言い換える会' }));
    expect(created.status).toBe(201);
    const [item] = created.body.application_items as { id: number }[];
    const apply = async (content: string) => {
      const guest = await createUser(t.orm);
      const agent = await signedInAgent(t.app, guest.email);
      const res = await agent.post('/api/v1/community_applications').send({
        community_id: created.body.id,
        occupation_id: 1,
        full_name: '言い換え 花子',
        gender: 'female',
        postal_code: '3900874',
        birthday: '1990-04-15',
        answers: [{ community_application_question_id: item.id, content }],
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const before = await apply('海がすぐそばだからです');
    const reworded = await a.agent
      .put(api(`/communities/${created.body.id}`))
      .send(communityForm({ name: 'A の言い換える会', application_items: [{ id: item.id, name: '好きな季節は', required: true }] }));
    expect(reworded.status).toBe(200);
    const after = await apply('夏です');

    const answersOf = async (id: number) => (await a.agent.get(api(`/community-applications/${id}`))).body.answers;
    expect(await answersOf(before)).toEqual([{ question: '参加の動機', answer: '海がすぐそばだからです' }]);
    expect(await answersOf(after)).toEqual([{ question: '好きな季節は', answer: '夏です' }]);
  });

  it('refuses a handled that is not a boolean (422) and changes nothing; unknown ids are 404', async () => {
    for (const body of [{}, { handled: 'yes' }, { handled: null }]) {
      const res = await a.agent.put(api(`/community-applications/${a.applicationId}`)).send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.messages.handled).toEqual(['対応状況を選択してください']);
    }
    expect((await em().findOneOrFail(CommunityApplication, { id: a.applicationId })).resolved).toBe(false);
    for (const id of ['999999', 'abc']) {
      expect((await a.agent.get(api(`/community-applications/${id}`))).status).toBe(404);
      expect((await a.agent.put(api(`/community-applications/${id}`)).send({ handled: true })).status).toBe(404);
    }
  });

  it('does not list applications to communities of no brand or of unrelated communities', async () => {
    const { community: lone, questions } = await createCommunity(t.orm, { name: 'ブランドのない会', questions: [{ name: 'q' }] });
    const stray = await createApplication(t, lone.id, questions[0].id);
    const list = await a.agent.get(api('/community-applications'));
    expect(list.body.community_applications.map((x: { id: number }) => x.id)).not.toContain(stray.id);
    expect((await a.agent.get(api(`/community-applications/${stray.id}`))).status).toBe(404);
  });
});
