// The guest's review of a reservation (POST /api/v1/reservations/{id}/review) and the host's reply
// (POST /api/v1/reviews/{id}/reply): the window after the last booked slot (Japan time), one review per
// reservation, rate 1–5 and 1000 characters, the rating, reply rights, reply once, the notice mails.
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createAmbassadorExperience, createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { createReview } from '#tests/factories/reviews';
import { expectDocumented } from '#tests/api/openapi-contract';
import { addDays, formatDateJa, todayInJapan } from '#src/lib/isomorphic/dates';
import { Review } from '#src/modules/reviews/reviews.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import * as ja from '#src/i18n/ja';

let t: TestApp;
let guest: { id: number; name: string; email: string };
let guestAgent: Agent;

beforeAll(async () => {
  t = await setupTestApp();
  const signed = await createSignedInUser(t, { name: 'レビュー 花子' });
  guest = signed.user;
  guestAgent = signed.agent;
});
const zone = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const em = () => t.orm.em.fork();
const reviewsOf = (reservationId: number) => em().count(Review, { reservation: reservationId });
const mail = (dedupeKey: string) => em().findOne(MailOutbox, { dedupeKey });

/** A confirmed reservation of the guest on slots that ended (by default yesterday 10:00–12:00, Japan time). */
async function pastReservation(
  options: {
    userId?: number;
    slots?: { date: string; startTime?: string; endTime?: string }[];
    status?: 'confirmed' | 'pending' | 'cancelled';
  } = {},
) {
  const host = await createUser(t.orm, { role: 'HOST', name: '体験 太郎' });
  const experience = await createExperience(t.orm, { hostUserId: host.id, title: 'レビュー体験' });
  const slots = options.slots ?? [{ date: addDays(todayInJapan(), -1) }];
  const calendars = [];
  for (const s of slots)
    calendars.push(await createCalendar(t.orm, experience.id, { date: s.date, startTime: s.startTime, endTime: s.endTime }));
  const reservation = await createReservation(t.orm, {
    userId: options.userId ?? guest.id,
    experienceId: experience.id,
    calendarIds: calendars.map((c) => c.id),
    status: options.status,
  });
  return { host, experience, reservation };
}

const review = (id: number | string, body: unknown = { rate: 4, content: 'とても楽しい時間でした。' }, agent: Agent = guestAgent) =>
  agent.post(`/api/v1/reservations/${id}/review`).send(body as object);

describe('posting a review', () => {
  it('posts the review of a past reservation; it shows in the experience reviews and the host gets a notice', async () => {
    const { host, experience, reservation } = await pastReservation();
    const res = await review(reservation.id, { rate: 5, content: '  先生がとても親切でした。  ' });
    expect(res.status).toBe(201);
    expectDocumented(res);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      from_guest: { name: guest.name, rate: 5, content: '先生がとても親切でした。' },
      from_host: null,
    });
    const list = await request(t.app).get(`/api/v1/experiences/${experience.id}/reviews`);
    expect(list.body.reviews.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
    expect(list.body.average_rate).toBe(5);
    expectDocumented(list);

    const notice = await mail(`review:${res.body.id}:host`);
    expect(notice?.toAddress).toBe(host.email);
    expect(notice?.subject).toBe('【たびとこ】新しいレビューが届きました：レビュー体験');
    expect(notice?.textBody).toBe(
      [
        '体験 太郎 様',
        '',
        '「レビュー体験」に新しいレビューが投稿されました。',
        '',
        '■ 投稿者: レビュー 花子 様',
        '■ 評価: 星5つ',
        '■ レビュー:',
        '先生がとても親切でした。',
        '',
        `返信はこちらから（1回のみ）: http://localhost:3000/host/reviews#review-${res.body.id}`,
        `レビューの一覧: http://localhost:3000/reviews/${experience.id}`,
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
  });

  it('opens the window when the last booked slot ends, Japan time, whatever the server clock zone', async () => {
    const day = addDays(todayInJapan(), 3);
    const { reservation } = await pastReservation({
      slots: [
        { date: addDays(todayInJapan(), -2), startTime: '09:00', endTime: '10:00' },
        { date: day, startTime: '10:00', endTime: '12:00' },
      ],
    });
    // A server whose clock runs in UTC; 11:59:59 in Japan is 02:59:59 UTC: the last slot has not ended.
    process.env.TZ = 'UTC';
    expect(new Date(`${day}T02:59:59Z`).getHours()).toBe(2);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T02:59:59Z`) });
    const early = await review(reservation.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(ja.reviewPosting.notEnded(`${formatDateJa(day)} 12:00`));
    expectDocumented(early);
    expect(await reviewsOf(reservation.id)).toBe(0);

    vi.setSystemTime(new Date(`${day}T03:00:00Z`)); // 12:00 in Japan
    const onTime = await review(reservation.id);
    expect(onTime.status).toBe(201);
    expect(await reviewsOf(reservation.id)).toBe(1);
  });

  it('allows one review per reservation, also when two posts race', async () => {
    const { reservation } = await pastReservation();
    const [a, b] = await Promise.all([review(reservation.id), review(reservation.id, { rate: 1, content: '二度目' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.message).toBe(ja.reviewPosting.alreadyPosted);
    expectDocumented(refused);
    const again = await review(reservation.id);
    expect(again.status).toBe(409);
    expect(await reviewsOf(reservation.id)).toBe(1);
  });

  it('refuses a reservation that is not confirmed', async () => {
    for (const status of ['pending', 'cancelled'] as const) {
      const { reservation } = await pastReservation({ status });
      const res = await review(reservation.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ja.reviewPosting.notConfirmed);
      expect(await reviewsOf(reservation.id)).toBe(0);
    }
  });

  it("answers 404 for another guest's, an unknown or a malformed reservation, and 401 signed out", async () => {
    const other = await createUser(t.orm);
    const { reservation } = await pastReservation({ userId: other.id });
    for (const id of [reservation.id, 999999, 'abc', '0']) {
      const res = await review(id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ja.reservations.reservationNotFound);
      expectDocumented(res);
    }
    const signedOut = await request(t.app).post(`/api/v1/reservations/${reservation.id}/review`).send({ rate: 4, content: 'x' });
    expect(signedOut.status).toBe(401);
    expect(await reviewsOf(reservation.id)).toBe(0);
  });

  it('checks the rate (whole stars 1–5) and the text (1–1000 characters) and writes nothing on refusal', async () => {
    const { reservation } = await pastReservation();
    const cases: [unknown, string, string][] = [
      [{ rate: 0, content: 'x' }, 'rate', ja.reviewPosting.rateRequired],
      [{ rate: 6, content: 'x' }, 'rate', ja.reviewPosting.rateRequired],
      [{ rate: 3.5, content: 'x' }, 'rate', ja.reviewPosting.rateRequired],
      [{ rate: '4', content: 'x' }, 'rate', ja.reviewPosting.rateRequired],
      [{ content: 'x' }, 'rate', ja.reviewPosting.rateRequired],
      [{ rate: 4, content: '   ' }, 'content', ja.reviewPosting.contentRequired],
      [{ rate: 4 }, 'content', ja.reviewPosting.contentRequired],
      [{ rate: 4, content: 'あ'.repeat(1001) }, 'content', ja.reviewPosting.contentTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await review(reservation.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.messages[field]).toEqual([message]);
      expectDocumented(res);
    }
    expect(await reviewsOf(reservation.id)).toBe(0);
    const longest = await review(reservation.id, { rate: 2, content: 'あ'.repeat(1000) });
    expect(longest.status).toBe(201);
  });

  it("moves the experience's rating", async () => {
    const { experience, reservation } = await pastReservation();
    const someone = await createUser(t.orm);
    await createReview(t.orm, { experienceId: experience.id, guestId: someone.id, rate: 5 });
    await createReview(t.orm, { experienceId: experience.id, guestId: someone.id, rate: 4 });
    const before = await request(t.app).get(`/api/v1/experiences/${experience.id}/reviews`);
    expect(before.body.average_rate).toBe(4.5);
    expect((await review(reservation.id, { rate: 1, content: '残念でした' })).status).toBe(201);
    const after = await request(t.app).get(`/api/v1/experiences/${experience.id}/reviews`);
    expect(after.body.average_rate).toBe(3.3);
    expect(after.body.meta.total_count).toBe(3);
    const none = await request(t.app).get(`/api/v1/experiences/${(await createExperience(t.orm)).id}/reviews`);
    expect(none.body.average_rate).toBeNull();
  });
});

describe('replying to a review', () => {
  async function postedReview() {
    const made = await pastReservation();
    const res = await review(made.reservation.id);
    expect(res.status).toBe(201);
    return { ...made, reviewId: res.body.id as number };
  }
  const reply = (agent: Agent, id: number | string, body: unknown = { content: 'ご参加ありがとうございました。' }) =>
    agent.post(`/api/v1/reviews/${id}/reply`).send(body as object);

  it('lets the host reply once; the reply shows under the review and the guest gets a notice', async () => {
    const { host, experience, reviewId } = await postedReview();
    const hostAgent = await signedInAgent(t.app, host.email);
    const res = await reply(hostAgent, reviewId);
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body.from_host).toMatchObject({ name: host.name, content: 'ご参加ありがとうございました。' });
    const list = await request(t.app).get(`/api/v1/experiences/${experience.id}/reviews`);
    expect(list.body.reviews[0].from_host.content).toBe('ご参加ありがとうございました。');
    const notice = await mail(`review:${reviewId}:reply`);
    expect(notice?.toAddress).toBe(guest.email);
    expect(notice?.subject).toBe('【たびとこ】レビューにホストから返信がありました：レビュー体験');
    expect(notice?.textBody).toBe(
      [
        'レビュー 花子 様',
        '',
        '「レビュー体験」にお寄せいただいたレビューに、ホストから返信がありました。',
        '',
        '■ 返信:',
        'ご参加ありがとうございました。',
        '',
        `レビューの一覧: http://localhost:3000/reviews/${experience.id}`,
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );

    const second = await reply(hostAgent, reviewId, { content: '書き直し' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ja.reviewPosting.alreadyReplied);
    expectDocumented(second);
    expect((await em().findOneOrFail(Review, { id: reviewId })).hostReplyContent).toBe('ご参加ありがとうございました。');
  });

  it('keeps one reply when two replies race', async () => {
    const { host, reviewId } = await postedReview();
    const hostAgent = await signedInAgent(t.app, host.email);
    const answers = await Promise.all([
      reply(hostAgent, reviewId, { content: '一つ目' }),
      reply(hostAgent, reviewId, { content: '二つ目' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!;
    expect((await em().findOneOrFail(Review, { id: reviewId })).hostReplyContent).toBe(winner.body.from_host.content);
    expect(await em().count(MailOutbox, { dedupeKey: `review:${reviewId}:reply` })).toBe(1);
  });

  it('lets a member of the host ambassador reply', async () => {
    const member = await createUser(t.orm);
    const { experience } = await createAmbassadorExperience(t.orm, { memberUserId: member.id, title: 'アンバサダー体験' });
    const calendar = await createCalendar(t.orm, experience.id, { date: addDays(todayInJapan(), -1) });
    const reservation = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [calendar.id] });
    const posted = await review(reservation.id);
    expect(posted.status).toBe(201);
    const res = await reply(await signedInAgent(t.app, member.email), posted.body.id);
    expect(res.status).toBe(200);
    expect(res.body.from_host.name).toBe(member.name);
  });

  it('refuses anyone else (403), signed-out callers (401), unknown reviews (404) and bad text (422), changing nothing', async () => {
    const { host, reviewId } = await postedReview();
    const stranger = await createSignedInUser(t);
    const admin = await createSignedInUser(t, { role: 'ADMIN' });
    for (const agent of [stranger.agent, admin.agent, guestAgent]) {
      const res = await reply(agent, reviewId);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ja.reviewPosting.notHost);
      expectDocumented(res);
    }
    const signedOut = await request(t.app).post(`/api/v1/reviews/${reviewId}/reply`).send({ content: 'x' });
    expect(signedOut.status).toBe(401);
    const hostAgent = await signedInAgent(t.app, host.email);
    for (const id of [999999, 'x1', '-1']) {
      const res = await reply(hostAgent, id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ja.reviewPosting.reviewNotFound);
      expectDocumented(res);
    }
    for (const [body, message] of [
      [{ content: '' }, ja.reviewPosting.replyRequired],
      [{}, ja.reviewPosting.replyRequired],
      [{ content: 'い'.repeat(1001) }, ja.reviewPosting.replyTooLong],
    ] as const) {
      const res = await reply(hostAgent, reviewId, body);
      expect(res.status).toBe(422);
      expect(res.body.messages.content).toEqual([message]);
    }
    const row = await em().findOneOrFail(Review, { id: reviewId });
    expect(row.hostReplyContent).toBeNull();
    expect(await mail(`review:${reviewId}:reply`)).toBeNull();
  });

  it("answers the unknown review's 404 to whoever may not see an unpublished experience, 403 to an administrator", async () => {
    const { experience, reviewId } = await postedReview();
    // Unpublished as a host's leaving leaves it (users/leaving-erasure.ts).
    await em().nativeUpdate(Experience, { id: experience.id }, { approve: false, approvedAt: null });
    const stranger = await createSignedInUser(t);
    const hidden = await reply(stranger.agent, reviewId);
    const unknown = await reply(stranger.agent, 999999);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      status: 404,
      message: 'レビューが見つかりませんでした',
      messages: { review: ['レビューが見つかりませんでした'] },
    });
    expect(unknown.body).toEqual(hidden.body);
    const admin = await createSignedInUser(t, { role: 'ADMIN' });
    const byAdmin = await reply(admin.agent, reviewId);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe('このレビューに返信できるのは体験のホストだけです');
    expect((await em().findOneOrFail(Review, { id: reviewId })).hostReplyContent).toBeNull();
    expect(await mail(`review:${reviewId}:reply`)).toBeNull();
  });
});
