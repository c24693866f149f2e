// General inquiries (/inquiry) in the administrator area: stored with the reservation they name (linked only when
// it is the sender's own), listed like the program inquiries (pages, 対応済み/未対応 filter), marked 対応済み with
// an audit entry; refused to everyone but an ADMIN.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { NON_ADMIN, expectedDenial, send, setupCallers, type Callers, type Method } from './admin-helpers';

let t: TestApp;
let c: Callers;
let reservationId: number;
let guestEmail: string;
let n = 0;
const ip = () => `198.51.100.${++n}`;

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
  const guest = await createUser(t.orm, { email: 'booker@example.com' });
  guestEmail = guest.email;
  const experience = await createExperience(t.orm, { title: '藍染め体験' });
  const calendar = await createCalendar(t.orm, experience.id);
  reservationId = (await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [calendar.id] })).id;
});

const em = () => t.orm.em.fork();
const contact = (body: Record<string, unknown>) => request(t.app).post('/api/v1/contact_inquiries').set('X-Forwarded-For', ip()).send(body);

describe('the reservation an inquiry names', () => {
  it('links the number when it is the sender’s own reservation (the e-mail it was booked with)', async () => {
    const res = await contact({
      name: '予約 太郎',
      email: guestEmail.toUpperCase(),
      reservation_number: String(reservationId),
      content: '予約確認メールが届きません',
    });
    expect(res.status).toBe(201);
    const stored = await em().findOneOrFail(ContactInquiry, { id: res.body.id });
    expect([stored.reservationNumber, stored.reservation?.id]).toEqual([reservationId, reservationId]);
    const detail = await c.agents.admin.get(`/api/v1/contact_inquiries/${res.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      name: '予約 太郎',
      resolved: false,
      reservation_number: reservationId,
      reservation: { id: reservationId, experience_title: '藍染め体験', status: '確定' },
    });
  });

  it('keeps a number that is not the sender’s without linking it', async () => {
    const res = await contact({
      name: '他人',
      email: 'stranger@example.com',
      reservation_number: reservationId,
      content: 'この予約について',
    });
    expect(res.status).toBe(201);
    const detail = await c.agents.admin.get(`/api/v1/contact_inquiries/${res.body.id}`);
    expect(detail.body).toMatchObject({ reservation_number: reservationId, reservation: null });
  });

  it('reads a number and an address typed in full-width characters, as a Japanese keyboard may give them', async () => {
    const res = await contact({
      name: '全角',
      email: 'ｚｅｎｋａｋｕ＠ｅｘａｍｐｌｅ．ｃｏｍ',
      reservation_number: '９９９',
      content: '質問',
    });
    expect(res.status).toBe(201);
    const stored = await em().findOneOrFail(ContactInquiry, { id: res.body.id });
    expect([stored.reservationNumber, stored.email]).toEqual([999, 'zenkaku@example.com']);
  });

  it('refuses a malformed number in Japanese and stores nothing', async () => {
    const before = await em().count(ContactInquiry, {});
    const res = await contact({ name: '誤入力', email: 'typo@example.com', reservation_number: '12-34', content: '質問' });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ reservation_number: ['予約番号は数字で入力してください'] });
    expect(await em().count(ContactInquiry, {})).toBe(before);
  });
});

describe('GET /api/v1/contact_inquiries and PUT …/{id}', () => {
  it('refuses every non-admin caller and changes nothing', async () => {
    const res = await contact({ name: '確認', email: 'check@example.com', content: '権限の確認' });
    const id = res.body.id;
    const calls: [Method, string, unknown?][] = [
      ['get', '/api/v1/contact_inquiries'],
      ['get', `/api/v1/contact_inquiries/${id}`],
      ['put', `/api/v1/contact_inquiries/${id}`, { resolved: true }],
    ];
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const answer = await send(c.agents[caller], method, url, body);
        expect(answer.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
      }
    }
    expect((await em().findOneOrFail(ContactInquiry, { id })).resolved).toBe(false);
  });

  it('lists newest first, filters by 未対応/対応済み, and marks one 対応済み with an audit entry', async () => {
    const first = await contact({ name: '一番目', email: 'one@example.com', content: 'A' });
    const second = await contact({ name: '二番目', email: 'two@example.com', content: 'B' });
    const list = await c.agents.admin.get('/api/v1/contact_inquiries');
    expect(list.status).toBe(200);
    expect(list.body.inquiries.slice(0, 2).map((i: { name: string }) => i.name)).toEqual(['二番目', '一番目']);
    expect(list.body.meta).toMatchObject({ current_page: 1, total_pages: 1 });

    const put = await c.agents.admin.put(`/api/v1/contact_inquiries/${first.body.id}`).send({ resolved: true });
    expect(put.status).toBe(200);
    expect(put.body.resolved).toBe(true);
    const resolved = await c.agents.admin.get('/api/v1/contact_inquiries?resolved=true');
    expect(resolved.body.inquiries.map((i: { id: number }) => i.id)).toEqual([first.body.id]);
    expect(resolved.body.meta.total_count).toBe(1);
    const open = await c.agents.admin.get('/api/v1/contact_inquiries?resolved=false');
    expect(open.body.inquiries.map((i: { id: number }) => i.id)).toContain(second.body.id);
    expect(open.body.inquiries.map((i: { id: number }) => i.id)).not.toContain(first.body.id);

    const audit = await em().find(AuditLog, { entityType: 'contact_inquiry', entityId: first.body.id });
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([['resolve', { resolved: false }, { resolved: true }]]);
    const bad = await c.agents.admin.get('/api/v1/contact_inquiries?resolved=maybe');
    expect(bad.status).toBe(422);
  });

  it('answers 404 in Japanese for an unknown id', async () => {
    const res = await c.agents.admin.get('/api/v1/contact_inquiries/999999');
    expect(res.status).toBe(404);
    expect(res.body.message).toEqual(expect.stringContaining('見つかりません'));
  });
});
