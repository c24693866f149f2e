// The message thread of a reservation. Only the guest and the host side (the host user, or a member of the
// host ambassador) read and write it; everybody else, administrators included, gets the reservation's 404. Text only,
// 2000 characters, each message mailed to the other side with a link.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, type Agent } from '#tests/factories/users';
import { createAmbassadorExperience, createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { expectDocumented } from '#tests/api/openapi-contract';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { ReservationMessage } from '#src/modules/reservations/reservation-messages.entity';
import * as ja from '#src/i18n/ja';

let t: TestApp;
let guest: { user: { id: number; email: string; name: string }; agent: Agent };
let host: { user: { id: number; email: string; name: string }; agent: Agent };
let stranger: Agent;
let admin: Agent;
let reservationId: number;
let pendingId: number;

const count = () => t.orm.em.fork().count(ReservationMessage, {});

beforeAll(async () => {
  t = await setupTestApp();
  guest = await createSignedInUser(t, { name: '予約 花子' });
  host = await createSignedInUser(t, { role: 'HOST', name: '陶芸 太郎' });
  stranger = (await createSignedInUser(t)).agent;
  admin = (await createSignedInUser(t, { role: 'ADMIN' })).agent;
  const experience = await createExperience(t.orm, { hostUserId: host.user.id, title: '手びねりの器' });
  const slot = await createCalendar(t.orm, experience.id);
  reservationId = (await createReservation(t.orm, { userId: guest.user.id, experienceId: experience.id, calendarIds: [slot.id] })).id;
  pendingId = (
    await createReservation(t.orm, { userId: guest.user.id, experienceId: experience.id, calendarIds: [slot.id], status: 'pending' })
  ).id;
});

describe('GET and POST /api/v1/reservations/{id}/messages', () => {
  it('lets the guest write; the host is mailed with a link to the bookings page; the body stays plain text', async () => {
    const body = '<script>alert(1)</script>\n当日は駐車場がありますか？';
    const res = await guest.agent.post(`/api/v1/reservations/${reservationId}/messages`).send({ body });
    expect(res.status).toBe(201);
    expectDocumented(res);
    expect(res.body).toMatchObject({ side: 'guest', sender_name: '予約 花子', body });
    const mails = await t.orm.em.fork().find(MailOutbox, { dedupeKey: `reservation-message:${res.body.id}:host` });
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(host.user.email);
    expect(mails[0].subject).toBe('【たびとこ】新しいメッセージが届きました：手びねりの器');
    expect(mails[0].textBody).toBe(
      [
        '陶芸 太郎 様',
        '',
        `「手びねりの器」の予約（予約番号 ${reservationId}）について新しいメッセージが届きました。`,
        '',
        'ゲストの予約 花子 様より',
        '<script>alert(1)</script>',
        '当日は駐車場がありますか？',
        '',
        `返信はこちらから: http://localhost:3000/host/reservations?reservation=${reservationId}#reservation-${reservationId}`,
        'このメールには返信できません。上のリンクからお返事ください。',
        '',
        'お知らせメールの設定・アカウントの設定: http://localhost:3000/account',
        '',
        '--',
        'たびとこ',
        'http://localhost:3000',
        '',
      ].join('\n'),
    );
    expect(mails[0].htmlBody).toBeNull();
  });

  it('lets the host read the thread and answer; the guest is mailed with a link to the reservation', async () => {
    const thread = await host.agent.get(`/api/v1/reservations/${reservationId}/messages`);
    expect(thread.status).toBe(200);
    expectDocumented(thread);
    expect(thread.body.viewer_side).toBe('host');
    expect(thread.body.messages.map((m: { side: string }) => m.side)).toEqual(['guest']);
    const res = await host.agent.post(`/api/v1/reservations/${reservationId}/messages`).send({ body: '  はい、3台分あります。  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ side: 'host', sender_name: '陶芸 太郎', body: 'はい、3台分あります。' });
    const mails = await t.orm.em.fork().find(MailOutbox, { dedupeKey: `reservation-message:${res.body.id}:guest` });
    expect(mails.map((m) => m.toAddress)).toEqual([guest.user.email]);
    expect(mails[0].textBody.startsWith('予約 花子 様\n\n')).toBe(true);
    expect(mails[0].textBody).toContain(
      `ホストの陶芸 太郎より\nはい、3台分あります。\n\n返信はこちらから: http://localhost:3000/reservations/${reservationId}\n`,
    );
    const mine = await guest.agent.get(`/api/v1/reservations/${reservationId}/messages`);
    expect(mine.body.viewer_side).toBe('guest');
    expect(mine.body.messages.map((m: { body: string }) => m.body)).toEqual([
      '<script>alert(1)</script>\n当日は駐車場がありますか？',
      'はい、3台分あります。',
    ]);
  });

  it('is a 404 for anyone else (another user, an administrator), unknown or malformed ids and unconfirmed reservations', async () => {
    const before = await count();
    for (const agent of [stranger, admin]) {
      const read = await agent.get(`/api/v1/reservations/${reservationId}/messages`);
      expect(read.status).toBe(404);
      expectDocumented(read);
      expect(read.body.messages.reservation).toEqual([ja.reservationMessages.notFound]);
      expect((await agent.post(`/api/v1/reservations/${reservationId}/messages`).send({ body: 'こんにちは' })).status).toBe(404);
    }
    for (const id of ['abc', '0', '-3', '99999999999', '999999', String(pendingId)]) {
      expect((await guest.agent.get(`/api/v1/reservations/${id}/messages`)).status, id).toBe(404);
      expect((await host.agent.post(`/api/v1/reservations/${id}/messages`).send({ body: 'x' })).status, id).toBe(404);
    }
    const signedOut = await request(t.app).get(`/api/v1/reservations/${reservationId}/messages`);
    expect(signedOut.status).toBe(401);
    expect(await count()).toBe(before);
  });

  it('refuses an empty message and one over 2000 characters with a Japanese 422, and writes nothing', async () => {
    const before = await count();
    const mailsBefore = await t.orm.em.fork().count(MailOutbox, {});
    const long = await guest.agent.post(`/api/v1/reservations/${reservationId}/messages`).send({ body: 'あ'.repeat(2001) });
    expect(long.status).toBe(422);
    expectDocumented(long);
    expect(long.body.messages.body).toEqual([ja.reservationMessages.tooLong(2000)]);
    for (const body of [{}, { body: '   ' }, { body: 42 }, { body: 'a\u0000b' }]) {
      const res = await guest.agent.post(`/api/v1/reservations/${reservationId}/messages`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await count()).toBe(before);
    expect(await t.orm.em.fork().count(MailOutbox, {})).toBe(mailsBefore);
    const exact = await guest.agent.post(`/api/v1/reservations/${reservationId}/messages`).send({ body: 'あ'.repeat(2000) });
    expect(exact.status).toBe(201);
  });

  it('lets every member of a host ambassador take part, under the ambassador’s name', async () => {
    const member = await createSignedInUser(t);
    const { experience, ambassador } = await createAmbassadorExperience(t.orm, { memberUserId: member.user.id });
    const slot = await createCalendar(t.orm, experience.id);
    const r = await createReservation(t.orm, { userId: guest.user.id, experienceId: experience.id, calendarIds: [slot.id] });
    const res = await member.agent.post(`/api/v1/reservations/${r.id}/messages`).send({ body: 'お待ちしています' });
    expect(res.status).toBe(201);
    expect(res.body.sender_name).toBe(ambassador.name);
    // The guest's answer goes to the ambassador side (its first member, as it has no address of its own).
    const answer = await guest.agent.post(`/api/v1/reservations/${r.id}/messages`).send({ body: 'よろしくお願いします' });
    const mails = await t.orm.em.fork().find(MailOutbox, { dedupeKey: `reservation-message:${answer.body.id}:host` });
    expect(mails.map((m) => m.toAddress)).toEqual([member.user.email]);
    expect((await host.agent.get(`/api/v1/reservations/${r.id}/messages`)).status).toBe(404);
  });

  it('limits a user to 30 messages an hour (429 in Japanese, nothing written)', async () => {
    const chatty = await createSignedInUser(t);
    const experience = await createExperience(t.orm, { hostUserId: host.user.id });
    const slot = await createCalendar(t.orm, experience.id);
    const r = await createReservation(t.orm, { userId: chatty.user.id, experienceId: experience.id, calendarIds: [slot.id] });
    // 30 messages already sent in this window (the counter is the shared rate_limits row).
    await t.orm.em
      .fork()
      .getConnection()
      .execute(`INSERT INTO rate_limits (key, window_start, count) VALUES (?, now(), 30)`, [`messages:user:${chatty.user.id}`]);
    const before = await count();
    const res = await chatty.agent.post(`/api/v1/reservations/${r.id}/messages`).send({ body: '31通目' });
    expect(res.status).toBe(429);
    expectDocumented(res);
    expect(res.body.message).toBe(ja.errors.tooManyRequests);
    expect(await count()).toBe(before);
    // The host side has its own counter.
    expect((await host.agent.post(`/api/v1/reservations/${r.id}/messages`).send({ body: 'どうぞ' })).status).toBe(201);
  });
});
