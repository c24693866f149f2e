// The administrator's review moderation (/api/v1/admin/reviews): the list and its filters, hiding a review (out of
// the public lists, the host's list and the rating; its author mailed the reason; audited) and showing it again, and
// the refusals. Real PostgreSQL.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createReview } from '#tests/factories/reviews';
import { expectDocumented } from '#tests/api/openapi-contract';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';

let t: TestApp;
let admin: Agent;
let adminId: number;

beforeAll(async () => {
  t = await setupTestApp();
  const a = await createSignedInUser(t, { name: '運営 七子', role: 'ADMIN' });
  admin = a.agent;
  adminId = a.user.id;
});

const em = () => t.orm.em.fork();
async function summary(experienceId: number) {
  const [row] = await em().execute<{ review_count: number; review_average: string | null }[]>(
    'SELECT review_count, review_average FROM experiences WHERE id = ?',
    [experienceId],
  );
  return row;
}

/** A host's experience with three reviews by three guests: ★5 「また行きたい」, ★1 with a phone number, ★4. */
async function reviewed() {
  const host = await createSignedInUser(t, { name: 'ホスト 八郎', role: 'HOST' });
  const experience = await createExperience(t.orm, { hostUserId: host.user.id, title: '苔玉づくりの午後' });
  const names = ['良い 一子', '困る 二郎', '普通 三子'];
  const guests = [];
  for (const name of names) guests.push(await createUser(t.orm, { name }));
  const day = (n: number) => new Date(Date.now() - n * 60_000);
  const good = await createReview(t.orm, {
    experienceId: experience.id,
    guestId: guests[0].id,
    rate: 5,
    content: 'また行きたい',
    postedAt: day(3),
  });
  const bad = await createReview(t.orm, {
    experienceId: experience.id,
    guestId: guests[1].id,
    rate: 1,
    content: 'ホストの電話は090-0000-0000です',
    postedAt: day(2),
  });
  const fine = await createReview(t.orm, {
    experienceId: experience.id,
    guestId: guests[2].id,
    rate: 4,
    content: '丁寧でした',
    postedAt: day(1),
  });
  return { host, experience, guests, good, bad, fine };
}

describe('review moderation', () => {
  it('hides a review: out of the public list, the host list and the rating; the author is mailed; audited; shown again', async () => {
    const r = await reviewed();
    expect(await summary(r.experience.id)).toEqual({ review_count: 3, review_average: '3.3' });

    const res = await admin.post(`/api/v1/admin/reviews/${r.bad.id}/hiding`).send({ reason: '個人の電話番号が書かれているため' });
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body).toMatchObject({
      id: r.bad.id,
      experience: { id: r.experience.id, title: '苔玉づくりの午後' },
      guest: { id: r.guests[1].id, name: '困る 二郎' },
      rate: 1,
      hidden_reason: '個人の電話番号が書かれているため',
    });
    expect(res.body.hidden_at).toEqual(expect.any(String));

    // (5 + 4) / 2
    expect(await summary(r.experience.id)).toEqual({ review_count: 2, review_average: '4.5' });
    const publicList = await request(t.app).get(`/api/v1/experiences/${r.experience.id}/reviews`).expect(200);
    expect(publicList.body.reviews.map((v: { id: number }) => v.id)).toEqual([r.fine.id, r.good.id]);
    expect([publicList.body.meta.total_count, publicList.body.average_rate]).toEqual([2, 4.5]);
    const h = r.host.user;
    const asHost = t.services.context({ kind: 'user', id: h.id, name: h.name, email: h.email, role: 'HOST' });
    const hostList = await t.services.reviews.listForHost(asHost, { page: 1 });
    expect(hostList.reviews.map((v) => v.id)).toEqual([r.fine.id, r.good.id]);
    // Nothing to reply to.
    expect((await r.host.agent.post(`/api/v1/reviews/${r.bad.id}/reply`).send({ content: 'ご意見ありがとうございます' })).status).toBe(404);

    const mail = await em().findOne(MailOutbox, {
      toAddress: r.guests[1].email,
      subject: '【たびとこ】レビューを非表示にしました：苔玉づくりの午後',
    });
    expect(mail?.textBody).toContain('「苔玉づくりの午後」にご投稿いただいたレビューを、利用規約に基づき非表示にしました。');
    expect(mail?.textBody).toContain('■ 非表示の理由:\n個人の電話番号が書かれているため');
    expect(mail?.textBody).toContain('■ ご投稿の内容:\nホストの電話は090-0000-0000です');

    const again = await admin.post(`/api/v1/admin/reviews/${r.bad.id}/hiding`).send({ reason: '重ねて' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('このレビューはすでに非表示です');

    const shown = await admin.delete(`/api/v1/admin/reviews/${r.bad.id}/hiding`);
    expect(shown.status).toBe(200);
    expect([shown.body.hidden_at, shown.body.hidden_reason]).toEqual([null, null]);
    expect(await summary(r.experience.id)).toEqual({ review_count: 3, review_average: '3.3' });
    expect((await admin.delete(`/api/v1/admin/reviews/${r.bad.id}/hiding`)).body.message).toBe('このレビューはすでに表示されています');

    const audit = await em().find(AuditLog, { entityType: 'review', entityId: r.bad.id }, { orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.actor, a.action, a.after, a.before])).toEqual([
      [`user:${adminId}`, 'hide', { reason: '個人の電話番号が書かれているため' }, null],
      [`user:${adminId}`, 'unhide', null, { reason: '個人の電話番号が書かれているため' }],
    ]);
  });

  it('lists every review newest first, with its state, by keyword, state and low rating', async () => {
    const r = await reviewed();
    await admin.post(`/api/v1/admin/reviews/${r.good.id}/hiding`).send({ reason: '宣伝のため' }).expect(200);
    const ids = async (query: string) => {
      const res = await admin.get(`/api/v1/admin/reviews?${query}`);
      expect(res.status).toBe(200);
      expectDocumented(res);
      return (res.body.reviews as { id: number; experience: { id: number } }[])
        .filter((v) => v.experience.id === r.experience.id)
        .map((v) => v.id);
    };
    expect(await ids('q=苔玉')).toEqual([r.fine.id, r.bad.id, r.good.id]);
    // The keyword reads the text, the author and the experience in any letter width: ０９０ is 090.
    expect(await ids('q=０９０')).toEqual([r.bad.id]);
    expect(await ids('q=普通')).toEqual([r.fine.id]);
    expect(await ids('q=苔玉&status=hidden')).toEqual([r.good.id]);
    expect(await ids('q=苔玉&status=visible')).toEqual([r.fine.id, r.bad.id]);
    expect(await ids('q=苔玉&rate=low')).toEqual([r.bad.id]);
  });

  it("tells the author's review page that it is hidden", async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const experience = await createExperience(t.orm, { hostUserId: host.id, title: '藍の型染め' });
    const guest = await createSignedInUser(t, { name: '投稿 九子' });
    const slot = await createCalendar(t.orm, experience.id, { date: addDays(todayInJapan(), -1) });
    const reservation = await createReservation(t.orm, { userId: guest.user.id, experienceId: experience.id, calendarIds: [slot.id] });
    const posted = await guest.agent.post(`/api/v1/reservations/${reservation.id}/review`).send({ rate: 2, content: '連絡先はこちら' });
    expect(posted.status).toBe(201);
    const u = guest.user;
    const asGuest = t.services.context({ kind: 'user', id: u.id, name: u.name, email: u.email, role: 'USER' });
    const view = () => t.services.reviews.reviewForm(asGuest, { id: reservation.id });
    expect((await view()).review_hidden).toBe(false);
    await admin.post(`/api/v1/admin/reviews/${posted.body.id}/hiding`).send({ reason: '連絡先の記載' }).expect(200);
    expect(await view()).toMatchObject({ state: 'posted', review_hidden: true, review: { id: posted.body.id } });
  });

  it('refuses what it cannot do', async () => {
    const r = await reviewed();
    const guest = await createSignedInUser(t);
    expect((await guest.agent.get('/api/v1/admin/reviews')).status).toBe(403);
    expect((await request(t.app).get('/api/v1/admin/reviews')).status).toBe(401);
    expect((await guest.agent.post(`/api/v1/admin/reviews/${r.bad.id}/hiding`).send({ reason: '理由' })).status).toBe(403);
    const unknown = await admin.post('/api/v1/admin/reviews/999999/hiding').send({ reason: '理由' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'レビューが見つかりませんでした']);
    const blank = await admin.post(`/api/v1/admin/reviews/${r.bad.id}/hiding`).send({ reason: ' \n ' });
    expect(blank.status).toBe(422);
    expectDocumented(blank);
    expect(blank.body.messages.reason).toEqual(['非表示の理由を入力してください']);
    const long = await admin.post(`/api/v1/admin/reviews/${r.bad.id}/hiding`).send({ reason: 'あ'.repeat(1001) });
    expect(long.body.messages.reason).toEqual(['非表示の理由は1000文字以内で入力してください']);
    const badStatus = await admin.get('/api/v1/admin/reviews?status=gone');
    expect([badStatus.status, badStatus.body.messages.status]).toEqual([422, ['表示の指定が正しくありません']]);
    const badPage = await admin.get('/api/v1/admin/reviews?page=0');
    expect(badPage.status).toBe(422);
    expect(await summary(r.experience.id)).toEqual({ review_count: 3, review_average: '3.3' });
  });
});
