// Host side: GET /api/v1/host/reservations, GET /api/v1/host/calendars/{id}/participants (JSON and CSV)
// and the holding requests the host receives. A host sees only their experiences' reservations, an ambassador member
// those of their ambassador; everybody else gets nothing (the list) or a 404 (a slot), malformed ids too.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser, createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createAmbassadorExperience, createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { expectDocumented } from '#tests/api/openapi-contract';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { HoldingRequest } from '#src/modules/holding-requests/holding-requests.entity';
import type { HostReservationsJson, ParticipantsJson } from '#src/modules/reservations/host-reservations.schemas';
import * as ja from '#src/i18n/ja';

let t: TestApp;
let host: { id: number; email: string };
let hostAgent: Agent;
let outsider: Agent;
let guestA: { id: number; name: string };
let guestB: { id: number; name: string };
let experienceId: number;
let upcomingSlot: number;
let pastSlot: number;
let confirmedId: number;
let cancelledId: number;

/** A reservation row with the extras a host sees (people, option, message). */
async function reserve(
  userId: number,
  expId: number,
  calendarIds: number[],
  extras: { status?: 'confirmed' | 'pending' | 'cancelled'; people?: number; option?: string; message?: string } = {},
) {
  const r = await createReservation(t.orm, { userId, experienceId: expId, calendarIds, status: extras.status });
  const em = t.orm.em.fork();
  const row = await em.findOneOrFail(Reservation, { id: r.id });
  row.numberOfPeople = extras.people ?? 1;
  row.optionName = extras.option ?? null;
  row.messageToHost = extras.message ?? null;
  // A cancelled reservation the host sees was confirmed first.
  if (extras.status === 'cancelled') row.confirmedAt = new Date(Date.now() - 86_400_000);
  await em.flush();
  return row.id;
}

beforeAll(async () => {
  t = await setupTestApp();
  const signedHost = await createSignedInUser(t, { role: 'HOST', name: '陶芸 太郎' });
  host = signedHost.user;
  hostAgent = signedHost.agent;
  outsider = (await createSignedInUser(t, { role: 'HOST' })).agent;
  guestA = await createUser(t.orm, { name: '予約 花子' });
  guestB = await createUser(t.orm, { name: '=HYPERLINK("http://evil")' });
  const experience = await createExperience(t.orm, { hostUserId: host.id, title: '手びねりの器' });
  experienceId = experience.id;
  upcomingSlot = (await createCalendar(t.orm, experienceId, { daysFromToday: 5, startTime: '10:00', endTime: '12:00' })).id;
  pastSlot = (await createCalendar(t.orm, experienceId, { daysFromToday: -5 })).id;
  confirmedId = await reserve(guestA.id, experienceId, [upcomingSlot], {
    people: 2,
    option: '絵付け',
    message: 'よろしく、お願いします\n2行目',
  });
  await reserve(guestB.id, experienceId, [upcomingSlot], { people: 1, message: '-1+1' });
  cancelledId = await reserve(guestA.id, experienceId, [upcomingSlot], { status: 'cancelled', people: 3 });
  await reserve(guestA.id, experienceId, [upcomingSlot], { status: 'pending', people: 4 });
  await reserve(guestB.id, experienceId, [pastSlot]);
});

describe('GET /api/v1/host/reservations', () => {
  it('lists the upcoming slots of the host’s experiences with who is coming; cancelled marked, holds left out', async () => {
    const res = await hostAgent.get('/api/v1/host/reservations');
    expect(res.status).toBe(200);
    expectDocumented(res);
    const body = res.body as HostReservationsJson;
    expect(body.scope).toBe('upcoming');
    expect(body.slots.map((s) => s.calendar_id)).toEqual([upcomingSlot]);
    const slot = body.slots[0];
    expect(slot.experience).toEqual({ id: experienceId, title: '手びねりの器' });
    expect(slot.confirmed_people).toBe(3);
    expect(slot.cancellable).toBe(true);
    // A guest's cancellation does not make the slot a cancelled (開催中止) one.
    expect(slot.cancelled).toBe(false);
    expect(slot.reservations.map((r) => [r.guest.name, r.status, r.number_of_people])).toEqual([
      ['予約 花子', 'confirmed', 2],
      ['=HYPERLINK("http://evil")', 'confirmed', 1],
      ['予約 花子', 'cancelled', 3],
    ]);
    const first = slot.reservations[0];
    expect(first).toMatchObject({
      id: confirmedId,
      option_name: '絵付け',
      message_to_host: 'よろしく、お願いします\n2行目',
      cancelled_at: null,
    });
    expect(Date.parse(first.booked_at)).not.toBeNaN();
    expect(slot.reservations[2].id).toBe(cancelledId);
    expect(slot.reservations[2].cancelled_at).not.toBeNull();
    // No guest e-mail address reaches the host.
    expect(JSON.stringify(body)).not.toContain('@example.com');
    expect(body.meta).toEqual({ total_count: 1, page: 1, per_page: 10, total_pages: 1 });
  });

  it('lists past slots with scope=past; an unknown scope or page is a 422 in Japanese', async () => {
    const past = await hostAgent.get('/api/v1/host/reservations?scope=past');
    expect(past.status).toBe(200);
    expectDocumented(past);
    expect(past.body.slots.map((s: { calendar_id: number }) => s.calendar_id)).toEqual([pastSlot]);
    expect(past.body.slots[0].cancellable).toBe(false);
    const bad = await hostAgent.get('/api/v1/host/reservations?scope=tomorrow');
    expect(bad.status).toBe(422);
    expectDocumented(bad);
    expect(bad.body.messages.scope).toEqual([ja.hostReservations.invalidScope]);
    expect((await hostAgent.get('/api/v1/host/reservations?page=0')).status).toBe(422);
  });

  it('shows another host nothing, and a signed-out caller gets 401', async () => {
    const res = await outsider.get('/api/v1/host/reservations');
    expect(res.status).toBe(200);
    expect(res.body.slots).toEqual([]);
    const guest = await request(t.app).get('/api/v1/host/reservations');
    expect(guest.status).toBe(401);
    expectDocumented(guest);
  });

  it('shows an ambassador’s reservations to its members only', async () => {
    const member = await createSignedInUser(t);
    const { experience } = await createAmbassadorExperience(t.orm, { memberUserId: member.user.id, title: 'アンバサダーの体験' });
    const slot = await createCalendar(t.orm, experience.id, { daysFromToday: 3 });
    await reserve(guestA.id, experience.id, [slot.id], { people: 2 });
    const res = await member.agent.get('/api/v1/host/reservations');
    expect(res.status).toBe(200);
    expect(res.body.slots.map((s: { calendar_id: number }) => s.calendar_id)).toEqual([slot.id]);
    expect((await member.agent.get(`/api/v1/host/calendars/${slot.id}/participants`)).status).toBe(200);
    // Not the user host's slots, and not for the host user either.
    expect((await member.agent.get(`/api/v1/host/calendars/${upcomingSlot}/participants`)).status).toBe(404);
    expect((await hostAgent.get(`/api/v1/host/calendars/${slot.id}/participants`)).status).toBe(404);
    const hostList = await hostAgent.get('/api/v1/host/reservations');
    expect(hostList.body.slots.map((s: { calendar_id: number }) => s.calendar_id)).toEqual([upcomingSlot]);
  });
});

describe('GET /api/v1/host/calendars/{id}/participants', () => {
  it('answers the confirmed participants of the host’s slot as JSON', async () => {
    const res = await hostAgent.get(`/api/v1/host/calendars/${upcomingSlot}/participants`);
    expect(res.status).toBe(200);
    expectDocumented(res);
    const body = res.body as ParticipantsJson;
    expect(body.calendar).toMatchObject({ id: upcomingSlot, experience: { id: experienceId, title: '手びねりの器' }, start_time: '10:00' });
    expect(body.participants.map((p) => [p.reservation_id, p.name, p.number_of_people, p.option_name])).toEqual([
      [confirmedId, '予約 花子', 2, '絵付け'],
      [expect.any(Number), '=HYPERLINK("http://evil")', 1, null],
    ]);
    expect(body.total_people).toBe(3);
  });

  it('answers a CSV for Excel (UTF-8 with BOM, CRLF, formulas neutralised) with Accept: text/csv or format=csv', async () => {
    for (const res of [
      await hostAgent.get(`/api/v1/host/calendars/${upcomingSlot}/participants`).set('Accept', 'text/csv').buffer(true),
      await hostAgent.get(`/api/v1/host/calendars/${upcomingSlot}/participants?format=csv`).buffer(true),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?participants-\d{4}-\d{2}-\d{2}-1000-\d+\.csv"?$/);
      const text: string = res.text;
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe('予約番号,予約者名,人数,オプション,ホストへのメッセージ,予約日時');
      expect(lines[1]).toMatch(
        new RegExp(`^${confirmedId},予約 花子,2,絵付け,"よろしく、お願いします\n2行目",\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`),
      );
      expect(lines[2]).toMatch(/^\d+,"'=HYPERLINK\(""http:\/\/evil""\)",1,,'-1\+1,/);
      expect(lines[3]).toBe('');
      expect(lines).toHaveLength(4);
    }
  });

  it('is a 404 for another host, a non-host, an unknown or malformed id; 401 signed out; 422 for an unknown format', async () => {
    for (const path of [`${upcomingSlot}`, '999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await outsider.get(`/api/v1/host/calendars/${path}/participants`);
      expect(res.status, path).toBe(404);
      expect(res.body.messages.calendar).toEqual([ja.hostReservations.calendarNotFound]);
    }
    const own404 = await hostAgent.get('/api/v1/host/calendars/abc/participants');
    expect(own404.status).toBe(404);
    expectDocumented(own404);
    const csv404 = await outsider.get(`/api/v1/host/calendars/${upcomingSlot}/participants`).set('Accept', 'text/csv');
    expect(csv404.status).toBe(404);
    const signedOut = await request(t.app).get(`/api/v1/host/calendars/${upcomingSlot}/participants`);
    expect(signedOut.status).toBe(401);
    const bad = await hostAgent.get(`/api/v1/host/calendars/${upcomingSlot}/participants?format=xml`);
    expect(bad.status).toBe(422);
    expectDocumented(bad);
    expect(bad.body.messages.format).toEqual([ja.hostReservations.invalidFormat]);
  });
});

describe('holding requests reach the host', () => {
  it('mails the host with the request and lists it on GET /api/v1/host/holding_requests for the host only', async () => {
    const requester = await createSignedInUser(t, { name: 'リクエスト 次郎' });
    const res = await requester.agent.post(`/api/v1/experiences/${experienceId}/holding_requests`);
    expect(res.status).toBe(201);
    const mails = await t.orm.em.fork().find(MailOutbox, { dedupeKey: `holding-request:${res.body.id}:host` });
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(host.email);
    expect(mails[0].subject).toBe(ja.holdingRequestMail.subject('手びねりの器'));
    expect(mails[0].textBody).toContain('陶芸 太郎 様\n\nリクエスト 次郎 様から「手びねりの器」の開催リクエストが届きました。');
    expect(mails[0].textBody).toContain('/host/reservations');

    const list = await hostAgent.get('/api/v1/host/holding_requests');
    expect(list.status).toBe(200);
    expectDocumented(list);
    expect(list.body.holding_requests).toEqual([
      {
        id: res.body.id,
        experience: { id: experienceId, title: '手びねりの器' },
        user: { id: requester.user.id, name: 'リクエスト 次郎' },
        created_at: res.body.created_at,
      },
    ]);
    expect(list.body.meta.total_count).toBe(1);
    expect((await outsider.get('/api/v1/host/holding_requests')).body.holding_requests).toEqual([]);
    expect((await request(t.app).get('/api/v1/host/holding_requests')).status).toBe(401);
    expect((await hostAgent.get('/api/v1/host/holding_requests?page=x')).status).toBe(422);
  });

  it('mails an ambassador-hosted request to the office when the ambassador has no address and no members', async () => {
    const { experience } = await createAmbassadorExperience(t.orm, {});
    const requester = await signedInAgent(t.app, (await createUser(t.orm)).email);
    const res = await requester.post(`/api/v1/experiences/${experience.id}/holding_requests`);
    expect(res.status).toBe(201);
    const mails = await t.orm.em.fork().find(MailOutbox, { dedupeKey: `holding-request:${res.body.id}:host` });
    expect(mails.map((m) => m.toAddress)).toEqual([t.env.OFFICE_EMAIL]);
  });

  it('writes neither the request nor a mail when the request is refused', async () => {
    const before = await t.orm.em.fork().count(MailOutbox, { dedupeKey: { $like: 'holding-request:%' } });
    const own = await hostAgent.post(`/api/v1/experiences/${experienceId}/holding_requests`);
    expect(own.status).toBe(422);
    expect(await t.orm.em.fork().count(MailOutbox, { dedupeKey: { $like: 'holding-request:%' } })).toBe(before);
    expect(await t.orm.em.fork().count(HoldingRequest, { user: host.id })).toBe(0);
  });
});

describe('GET /api/v1/host/reservations?experience_id= (the link of the mail after cancelling a slot)', () => {
  it('lists one of the host’s experiences only, names it, and is a 404 for anyone else’s, a 422 when malformed', async () => {
    const own = await createSignedInUser(t, { role: 'HOST', name: '絞り込み ホスト' });
    const first = await createExperience(t.orm, { hostUserId: own.user.id, title: '一つ目の体験' });
    const second = await createExperience(t.orm, { hostUserId: own.user.id, title: '二つ目の体験' });
    const firstSlot = await createCalendar(t.orm, first.id, { daysFromToday: 4 });
    const secondSlot = await createCalendar(t.orm, second.id, { daysFromToday: 3 });
    await reserve(guestA.id, first.id, [firstSlot.id]);
    await reserve(guestA.id, second.id, [secondSlot.id]);
    const ids = (body: HostReservationsJson) => body.slots.map((s) => s.calendar_id);

    const all = await own.agent.get('/api/v1/host/reservations');
    expect(all.body.experience).toBeNull();
    expect(ids(all.body)).toEqual([secondSlot.id, firstSlot.id]);
    const only = await own.agent.get(`/api/v1/host/reservations?experience_id=${first.id}`);
    expect(only.status).toBe(200);
    expectDocumented(only);
    expect(only.body.experience).toEqual({ id: first.id, title: '一つ目の体験' });
    expect(ids(only.body)).toEqual([firstSlot.id]);
    expect(only.body.meta).toEqual({ total_count: 1, page: 1, per_page: 10, total_pages: 1 });
    const past = await own.agent.get(`/api/v1/host/reservations?experience_id=${second.id}&scope=past`);
    expect(past.body).toMatchObject({ scope: 'past', experience: { id: second.id, title: '二つ目の体験' }, slots: [] });
    expect((await own.agent.get('/api/v1/host/reservations?experience_id=')).body.experience).toBeNull();

    for (const foreign of [experienceId, 99_999_999]) {
      const res = await own.agent.get(`/api/v1/host/reservations?experience_id=${foreign}`);
      expect(res.status, String(foreign)).toBe(404);
      expectDocumented(res);
      expect(res.body.message).toBe(ja.reservations.experienceNotFound);
    }
    const bad = await own.agent.get('/api/v1/host/reservations?experience_id=abc');
    expect(bad.status).toBe(422);
    expectDocumented(bad);
    expect(bad.body.messages.experience_id).toEqual([ja.hostReservations.invalidExperience]);
  });
});
