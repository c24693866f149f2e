// The guests' receipts (領収書): the state the reservation page shows and the PDF, read back as text. Bookings and
// cancellations go through the API with the test gateway, so the amounts, the payment date and the refund are the
// real ones.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { pdfText } from '#tests/factories/pdf';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import { Receipt } from '#src/modules/receipts/receipts.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import * as ja from '#src/i18n/ja';

let t: TestApp;
let hostUserId: number;

beforeAll(async () => {
  t = await setupTestApp({
    PLATFORM_NAME: '株式会社テスト運営',
    PLATFORM_ADDRESS: '〒150-0001 東京都渋谷区神宮前1-2-3',
    INVOICE_REGISTRATION_NUMBER: 'T1180301018771',
  });
  hostUserId = (await createUser(t.orm, { name: 'ホスト 太郎', role: 'HOST' })).id;
});

let counter = 0;

async function guest(name = '領収 花子') {
  const user = await createUser(t.orm, { name });
  return { user, agent: await signedInAgent(t.app, user.email) };
}

/** A guest who booked (and paid for) one slot 10 days ahead of a ¥10,000 experience with a 2-day policy: ¥10,860 with the fees. */
async function paidReservation(name?: string) {
  const experience = await createExperience(t.orm, { hostUserId, price: 10000, cancellationPeriod: 2, title: '藍染め体験' });
  const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 10 });
  const g = await guest(name);
  const res = await g.agent.post('/api/v1/reservations').send({
    tour_id: experience.id,
    calendar_ids: [calendar.id],
    number_of_people: 1,
    payment_token: 'tok_visa',
    idempotency_key: `receipt-test-${++counter}`,
  });
  expect(res.status).toBe(201);
  expect(res.body.amounts.total).toBe(10860);
  return { ...g, reservationId: res.body.id as number, experienceId: experience.id, calendarId: calendar.id };
}

/** supertest's parser for a binary answer: the bytes as they came. */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

function download(agent: Agent, reservationId: number, body: Record<string, unknown>) {
  return agent.post(`/api/v1/reservations/${reservationId}/receipt`).send(body).buffer(true).parse(binary);
}

const receipts = (reservationId: number) => t.orm.em.fork().find(Receipt, { reservation: reservationId });

describe('GET /api/v1/reservations/{id}/receipt', () => {
  it('tells the owner that a receipt can be issued, with their name as the addressee', async () => {
    const g = await paidReservation('山田 太郎');
    const res = await g.agent.get(`/api/v1/reservations/${g.reservationId}/receipt`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      reservation_id: g.reservationId,
      available: true,
      reason: null,
      number: null,
      issued_count: 0,
      first_issued_at: null,
      addressee: '山田 太郎',
      purpose: '体験料として',
      refunded: false,
    });
  });
});

describe('POST /api/v1/reservations/{id}/receipt', () => {
  it('gives the owner a receipt PDF with the addressee, the amount, its tax and the issuer', async () => {
    const g = await paidReservation('山田 太郎');
    const res = await download(g.agent, g.reservationId, { addressee: '株式会社サンプル 経理部' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const [row] = await receipts(g.reservationId);
    expect(row.number).toMatch(/^R\d{8}$/);
    expect(row.issuedCount).toBe(1);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(decodeURIComponent(res.headers['content-disposition'])).toContain(`領収書_${row.number}.pdf`);
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(100_000);

    const text = await pdfText(bytes);
    expect(text).toContain('領収書');
    expect(text).toContain('株式会社サンプル 経理部 様');
    expect(text).toContain(`No. ${row.number}`);
    expect(text).toContain('¥10,860-');
    expect(text).toContain('但し 体験料として');
    // ¥10,860 at 10%: 10860 × 10 / 110 = 987.27…, rounded down.
    expect(text).toContain('税率 対象金額（税込） 消費税額\n10% ¥10,860 ¥987');
    expect(text).toContain('藍染め体験');
    expect(text).toContain(String(g.reservationId));
    expect(text).toContain('株式会社テスト運営');
    expect(text).toContain('〒150-0001 東京都渋谷区神宮前1-2-3');
    expect(text).toContain('登録番号 T1180301018771');
    const [y, m, d] = todayInJapan().split('-').map(Number);
    expect(text).toContain(`お支払日 ${y}年${m}月${d}日`);
    expect(text).not.toContain('再発行');
    expect(text).not.toContain('返金');

    const state = await g.agent.get(`/api/v1/reservations/${g.reservationId}/receipt`);
    expect(state.body).toMatchObject({
      number: row.number,
      issued_count: 1,
      addressee: '株式会社サンプル 経理部',
      purpose: '体験料として',
    });
  });

  it("issues a receipt to the name the form starts with, however long the account's name may be (100 characters)", async () => {
    const name = `${'長'.repeat(50)}Maximilianus-Wolfeschlegelsteinhausenbergerdorff-X`;
    expect(name).toHaveLength(100);
    const g = await paidReservation(name);
    const state = await g.agent.get(`/api/v1/reservations/${g.reservationId}/receipt`);
    expect(state.body.addressee).toBe(name);
    const res = await download(g.agent, g.reservationId, { addressee: state.body.addressee });
    expect(res.status).toBe(200);
    // Printed whole, over as many lines as it needs.
    expect((await pdfText(res.body)).replace(/\s+/g, '')).toContain(`${name}様`);
    const [row] = await receipts(g.reservationId);
    expect(row.addressee).toBe(name);
  });

  it('marks every later download 再発行 under the same number', async () => {
    const g = await paidReservation();
    const first = await download(g.agent, g.reservationId, { addressee: '領収 花子', purpose: '研修費として' });
    expect(first.status).toBe(200);
    const [{ number }] = await receipts(g.reservationId);
    const firstText = await pdfText(first.body);
    expect(firstText).toContain('但し 研修費として');
    expect(firstText).not.toContain('再発行');

    const second = await download(g.agent, g.reservationId, { addressee: '株式会社サンプル', purpose: '' });
    expect(second.status).toBe(200);
    const text = await pdfText(second.body);
    expect(text).toContain('再発行');
    expect(text).toContain(`No. ${number}`);
    expect(text).toContain('株式会社サンプル 様');
    // An empty 但し書き is the default one.
    expect(text).toContain('但し 体験料として');
    const rows = await receipts(g.reservationId);
    expect(rows).toHaveLength(1);
    expect(rows[0].number).toBe(number);
    expect(rows[0].issuedCount).toBe(2);
  });

  it('keeps the stored 但し書き when a re-issue through the API leaves purpose out', async () => {
    const g = await paidReservation();
    expect((await download(g.agent, g.reservationId, { addressee: '領収 花子', purpose: '研修費として' })).status).toBe(200);
    const again = await download(g.agent, g.reservationId, { addressee: '株式会社サンプル' });
    expect(again.status).toBe(200);
    expect(await pdfText(again.body)).toContain('但し 研修費として');
    expect((await receipts(g.reservationId))[0].purpose).toBe('研修費として');
    expect((await g.agent.get(`/api/v1/reservations/${g.reservationId}/receipt`)).body.purpose).toBe('研修費として');
    // A first issue without one prints the default.
    const other = await paidReservation();
    expect(await pdfText((await download(other.agent, other.reservationId, { addressee: '領収 花子' })).body)).toContain(
      '但し 体験料として',
    );
  });

  it('gives two first downloads at once one receipt number', async () => {
    const g = await paidReservation();
    const [a, b] = await Promise.all([
      download(g.agent, g.reservationId, { addressee: 'A 様宛' }),
      download(g.agent, g.reservationId, { addressee: 'B 様宛' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await receipts(g.reservationId);
    expect(rows).toHaveLength(1);
    expect(rows[0].issuedCount).toBe(2);
    const texts = [await pdfText(a.body), await pdfText(b.body)];
    for (const text of texts) expect(text).toContain(`No. ${rows[0].number}`);
    expect(texts.filter((text) => text.includes('再発行'))).toHaveLength(1);
  });

  it('shows the refund of a cancelled reservation', async () => {
    const g = await paidReservation();
    const cancel = await g.agent.post(`/api/v1/reservations/${g.reservationId}/cancellation`).send({});
    expect(cancel.status).toBe(200);
    const state = await g.agent.get(`/api/v1/reservations/${g.reservationId}/receipt`);
    expect(state.body).toMatchObject({ available: true, refunded: true });
    const res = await download(g.agent, g.reservationId, { addressee: '領収 花子' });
    expect(res.status).toBe(200);
    const text = await pdfText(res.body);
    expect(text).toContain('¥10,860-');
    expect(text).toContain('返金額（税込） ¥10,860');
    expect(text).toContain('うち消費税（10%） ¥987');
    expect(text).toContain('差引お支払額（税込） ¥0');
    expect(text).toMatch(/うち消費税（10%） ¥0/);
    const [y, m, d] = todayInJapan().split('-').map(Number);
    expect(text).toContain(`返金日 ${y}年${m}月${d}日`);
  });

  it('has no receipt for a reservation that was never paid (409), and records nothing', async () => {
    const g = await guest();
    const experience = await createExperience(t.orm, { hostUserId });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 5 });
    for (const status of ['cancelled', 'pending'] as const) {
      const r = await createReservation(t.orm, { userId: g.user.id, experienceId: experience.id, calendarIds: [calendar.id], status });
      const state = await g.agent.get(`/api/v1/reservations/${r.id}/receipt`);
      expect(state.status).toBe(200);
      expect(state.body).toMatchObject({ available: false, reason: 'お支払いが完了していない予約には領収書を発行できません' });
      const res = await g.agent.post(`/api/v1/reservations/${r.id}/receipt`).send({ addressee: '領収 花子' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('お支払いが完了していない予約には領収書を発行できません');
      expect(await receipts(r.id)).toHaveLength(0);
    }
  });

  it('has no receipt for a confirmed reservation that cost nothing (409)', async () => {
    const g = await guest();
    const experience = await createExperience(t.orm, { hostUserId });
    const calendar = await createCalendar(t.orm, experience.id, { daysFromToday: 5 });
    const r = await createReservation(t.orm, { userId: g.user.id, experienceId: experience.id, calendarIds: [calendar.id] });
    // A 100% coupon: nothing was charged.
    await t.orm.em.fork().nativeUpdate(Reservation, { id: r.id }, { tourAmount: 0, serviceFee: 0, processingFee: 0, totalAmount: 0 });
    const state = await g.agent.get(`/api/v1/reservations/${r.id}/receipt`);
    expect(state.body).toMatchObject({ available: false, reason: 'お支払い金額がない予約には領収書はありません' });
    const res = await g.agent.post(`/api/v1/reservations/${r.id}/receipt`).send({ addressee: '領収 花子' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('お支払い金額がない予約には領収書はありません');
    expect(await receipts(r.id)).toHaveLength(0);
  });

  it("answers another guest's reservation with the reservation's 404, and a signed-out caller with 401", async () => {
    const g = await paidReservation();
    const other = await guest('他人 次郎');
    for (const res of [
      await other.agent.get(`/api/v1/reservations/${g.reservationId}/receipt`),
      await other.agent.post(`/api/v1/reservations/${g.reservationId}/receipt`).send({ addressee: '他人 次郎' }),
      await other.agent.post('/api/v1/reservations/99999999/receipt').send({ addressee: '他人 次郎' }),
      await other.agent.post('/api/v1/reservations/abc/receipt').send({ addressee: '他人 次郎' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(ja.reservations.reservationNotFound);
    }
    const anonymous = await request(t.app).post(`/api/v1/reservations/${g.reservationId}/receipt`).send({ addressee: '誰か' });
    expect(anonymous.status).toBe(401);
    expect(await receipts(g.reservationId)).toHaveLength(0);
  });

  it('refuses an addressee or 但し書き over its limit or on several lines (422), and records nothing', async () => {
    const g = await paidReservation();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'addressee', '宛名を入力してください'],
      [{ addressee: '   ' }, 'addressee', '宛名を入力してください'],
      [{ addressee: 'あ'.repeat(101) }, 'addressee', '宛名は100文字以内で入力してください'],
      [{ addressee: '一行目\n二行目' }, 'addressee', '改行や制御文字は使えません'],
      [{ addressee: '領収 花子', purpose: 'い'.repeat(41) }, 'purpose', '但し書きは40文字以内で入力してください'],
      [{ addressee: '領収 花子', purpose: '体験料\tとして' }, 'purpose', '改行や制御文字は使えません'],
      // Characters neither face has a glyph for would print as empty boxes (𠮷 beside them is printable).
      [{ addressee: '𠮷田 한국' }, 'addressee', '次の文字は領収書に印刷できません: 한 국'],
      [{ addressee: '領収 花子', purpose: '😀体験料として👍😀' }, 'purpose', '次の文字は領収書に印刷できません: 😀 👍'],
      [{ addressee: '領収\u200d花子' }, 'addressee', '次の文字は領収書に印刷できません: U+200D'],
    ];
    for (const [body, field, message] of cases) {
      const res = await g.agent.post(`/api/v1/reservations/${g.reservationId}/receipt`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.messages[field]).toEqual([message]);
    }
    expect(await receipts(g.reservationId)).toHaveLength(0);
    // At the limits exactly, it is issued.
    const ok = await download(g.agent, g.reservationId, { addressee: 'あ'.repeat(100), purpose: 'い'.repeat(40) });
    expect(ok.status).toBe(200);
    const text = (await pdfText(ok.body)).replace(/\s+/g, '');
    expect(text).toContain(`${'あ'.repeat(100)}様`);
    expect(text).toContain(`但し${'い'.repeat(40)}`);
  });

  it('prints a kanji outside BIZ UDPGothic (𠮷) in the fallback face, in the addressee and the 但し書き', async () => {
    const g = await paidReservation('𠮷田 花子');
    const state = await g.agent.get(`/api/v1/reservations/${g.reservationId}/receipt`);
    expect(state.body.addressee).toBe('𠮷田 花子');
    const res = await download(g.agent, g.reservationId, { addressee: '𠮷田 花子', purpose: '𠮷野での体験料として' });
    expect(res.status).toBe(200);
    const bytes = res.body as Buffer;
    const text = await pdfText(bytes);
    expect(text).toContain('𠮷田 花子 様');
    expect(text).toContain('但し 𠮷野での体験料として');
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Bold/);
    expect(bytes.length).toBeLessThan(100_000);
    const [row] = await receipts(g.reservationId);
    expect(row.addressee).toBe('𠮷田 花子');
  });
});
