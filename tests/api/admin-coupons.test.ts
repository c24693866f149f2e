// The administrator's coupons (GET/POST /api/v1/admin/coupons, PATCH …/{id}, POST …/{id}/deactivation) and the CLI's
// deactivate-coupon: use counts, limits and validity edited, a deactivated code refused at once by the quote and the
// booking while reservations already made keep their discount; every change in the audit log.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createCoupon } from '#tests/factories/coupons';
import { runCli } from '#tests/factories/cli';
import { Coupon } from '#src/modules/coupons/coupons.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { NON_ADMIN, expectedDenial, send, setupCallers, type Callers, type Method } from './admin-helpers';

let t: TestApp;
let c: Callers;

beforeAll(async () => {
  t = await setupTestApp();
  c = await setupCallers(t);
});

const em = () => t.orm.em.fork();
const audit = (id: number) => em().find(AuditLog, { entityType: 'coupon', entityId: id }, { orderBy: { id: 'asc' } });

describe('permissions', () => {
  it('refuses every non-admin caller (401 signed out, 403 otherwise) and changes nothing', async () => {
    const coupon = await createCoupon(t.orm, { maxUses: 5 });
    const calls: [Method, string, unknown?][] = [
      ['get', '/api/v1/admin/coupons'],
      ['post', '/api/v1/admin/coupons', { code: 'NOPE', amount: 100 }],
      ['get', `/api/v1/admin/coupons/${coupon.id}`],
      ['patch', `/api/v1/admin/coupons/${coupon.id}`, { max_uses: 1 }],
      ['post', `/api/v1/admin/coupons/${coupon.id}/deactivation`],
    ];
    for (const caller of NON_ADMIN) {
      for (const [method, url, body] of calls) {
        const res = await send(c.agents[caller], method, url, body);
        expect(res.status, `${caller} ${method} ${url}`).toBe(expectedDenial(caller));
      }
    }
    const row = await em().findOneOrFail(Coupon, { id: coupon.id });
    expect([row.maxUses, row.active]).toEqual([5, true]);
    expect(await em().count(Coupon, { code: 'NOPE' })).toBe(0);
  });
});

describe('list, create and edit', () => {
  it('creates a coupon and lists it with its use count', async () => {
    const res = await c.agents.admin
      .post('/api/v1/admin/coupons')
      .send({ code: 'winter-2030', name: '冬のクーポン', amount: 800, max_uses: 30, expires: '2030-02-28' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code: 'WINTER-2030',
      name: '冬のクーポン',
      discount_type: 'amount',
      discount_value: 800,
      max_uses: 30,
      used_count: 0,
      expires: '2030-02-28',
      valid_until: '2030-02-28T15:00:00.000Z',
      active: true,
    });
    const list = await c.agents.admin.get('/api/v1/admin/coupons');
    expect(list.status).toBe(200);
    const row = list.body.coupons.find((x: { code: string }) => x.code === 'WINTER-2030');
    expect(row).toMatchObject({ used_count: 0, max_uses: 30 });
    expect(list.body.meta).toMatchObject({ current_page: 1, total_pages: 1 });
    expect((await audit(res.body.id)).map((a) => a.action)).toEqual(['create']);
  });

  it('takes numbers typed with full-width digits, as a Japanese keyboard gives them', async () => {
    const res = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'wide-digits', amount: '１０００', max_uses: '１０' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ code: 'WIDE-DIGITS', discount_type: 'amount', discount_value: 1000, max_uses: 10 });
    const edited = await c.agents.admin.patch(`/api/v1/admin/coupons/${res.body.id}`).send({ max_uses_per_guest: '２' });
    expect(edited.status).toBe(200);
    expect(edited.body.max_uses_per_guest).toBe(2);
    const wideCode = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'ｗｉｄｅ＿ｃｏｄｅ１', amount: 100 });
    expect(wideCode.status).toBe(201);
    expect(wideCode.body.code).toBe('WIDE_CODE1');
  });

  it('refuses a taken code with a Japanese message', async () => {
    await createCoupon(t.orm, { code: 'TAKEN' });
    const res = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'taken', percent: 10 });
    expect(res.status).toBe(422);
    expect(res.body.messages).toEqual({ code: ['このクーポンコードはすでに使われています'] });
  });

  it('edits the limits and the validity, audited with before and after', async () => {
    const coupon = await createCoupon(t.orm, { maxUses: 10, usedCount: 3 });
    const res = await c.agents.admin
      .patch(`/api/v1/admin/coupons/${coupon.id}`)
      .send({ max_uses: 4, max_uses_per_guest: 1, min_amount: 2000, expires: '2031-01-31', name: '改名' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: '改名',
      max_uses: 4,
      used_count: 3,
      max_uses_per_guest: 1,
      min_amount: 2000,
      expires: '2031-01-31',
      valid_until: '2031-01-31T15:00:00.000Z',
    });
    const cleared = await c.agents.admin.patch(`/api/v1/admin/coupons/${coupon.id}`).send({ max_uses: null, expires: '', min_amount: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ max_uses: null, expires: null, valid_until: null, min_amount: null, max_uses_per_guest: 1 });
    const entries = await audit(coupon.id);
    expect(entries.map((a) => a.action)).toEqual(['update', 'update']);
    expect(entries[0].before).toMatchObject({ max_uses: 10 });
    expect(entries[0].after).toMatchObject({ max_uses: 4 });
  });

  it('refuses a use limit below the uses already made, one beyond an integer column, and a past end, changing nothing', async () => {
    const coupon = await createCoupon(t.orm, { maxUses: 10, usedCount: 3 });
    const low = await c.agents.admin.patch(`/api/v1/admin/coupons/${coupon.id}`).send({ max_uses: 2 });
    expect(low.status).toBe(422);
    expect(low.body.messages).toEqual({ max_uses: ['利用回数の上限には、すでに使われた回数（3回）以上を入力してください'] });
    const past = await c.agents.admin.patch(`/api/v1/admin/coupons/${coupon.id}`).send({ expires: '2020-01-01' });
    expect(past.status).toBe(422);
    expect(past.body.messages).toEqual({ expires: ['有効期限には今日以降の日付を入力してください'] });
    const bad = await c.agents.admin.patch(`/api/v1/admin/coupons/${coupon.id}`).send({ max_uses: 'many' });
    expect(bad.status).toBe(422);
    expect(bad.body.messages).toEqual({ max_uses: ['利用回数の上限は1以上の整数で入力してください'] });
    // Limits beyond what the integer columns hold (2,147,483,647) are refused as input, not left to the database.
    const huge = await c.agents.admin
      .patch(`/api/v1/admin/coupons/${coupon.id}`)
      .send({ max_uses: 2_147_483_648, max_uses_per_guest: 1_099_511_627_776 });
    expect(huge.status).toBe(422);
    expect(huge.body.messages).toEqual({
      max_uses: ['利用回数の上限は2,147,483,647回以下で入力してください'],
      max_uses_per_guest: ['お一人様あたりの利用回数の上限は2,147,483,647回以下で入力してください'],
    });
    const hugeNew = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'HUGE', amount: 100, max_uses: '99999999999' });
    expect(hugeNew.status).toBe(422);
    expect(hugeNew.body.messages).toEqual({ max_uses: ['利用回数の上限は2,147,483,647回以下で入力してください'] });
    const hugeMin = await c.agents.admin.patch(`/api/v1/admin/coupons/${coupon.id}`).send({ min_amount: 1_099_511_627_776 });
    expect(hugeMin.status).toBe(422);
    expect(hugeMin.body.messages).toEqual({ min_amount: ['最低金額は100,000,000円以下で入力してください'] });
    const row = await em().findOneOrFail(Coupon, { id: coupon.id });
    expect([row.maxUses, row.validUntil]).toEqual([10, null]);
    expect(await audit(coupon.id)).toEqual([]);
  });

  it('answers one message per field: over the maximum says the maximum, else what is accepted', async () => {
    const huge = await c.agents.admin
      .post('/api/v1/admin/coupons')
      .send({ code: 'TOO-MUCH', amount: 1_099_511_627_776, max_uses: 2_147_483_648, min_amount: '1099511627776' });
    expect(huge.status).toBe(422);
    expect(huge.body.messages).toEqual({
      amount: ['割引額は1,000,000円以下で入力してください'],
      max_uses: ['利用回数の上限は2,147,483,647回以下で入力してください'],
      min_amount: ['最低金額は100,000,000円以下で入力してください'],
    });
    const low = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'TOO-LITTLE', amount: 0, max_uses: '1.5', min_amount: -1 });
    expect(low.status).toBe(422);
    expect(low.body.messages).toEqual({
      amount: ['割引額は1円以上の整数で入力してください'],
      max_uses: ['利用回数の上限は1以上の整数で入力してください'],
      min_amount: ['最低金額は1以上の整数（円）で入力してください'],
    });
    const percent = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'TOO-MUCH', percent: 1_099_511_627_776 });
    expect(percent.body.messages).toEqual({ percent: ['割引率は1〜100の整数で入力してください'] });
    expect(await em().count(Coupon, { code: { $in: ['TOO-MUCH', 'TOO-LITTLE'] } })).toBe(0);
  });

  it('keeps an expiry up to 2999-12-31 and refuses a later year, which would be saved as another year', async () => {
    const last = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'LAST-YEAR', amount: 100, expires: '2999-12-31' });
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ expires: '2999-12-31', valid_until: '2999-12-31T15:00:00.000Z' });
    const far = await c.agents.admin.post('/api/v1/admin/coupons').send({ code: 'FOREVER', amount: 100, expires: '9999-12-31' });
    expect(far.status).toBe(422);
    expect(far.body.messages).toEqual({ expires: ['有効期限は YYYY-MM-DD の形式の正しい日付で入力してください'] });
    expect(await em().count(Coupon, { code: 'FOREVER' })).toBe(0);
    const edit = await c.agents.admin.patch(`/api/v1/admin/coupons/${last.body.id}`).send({ expires: '9999-12-31' });
    expect(edit.status).toBe(422);
    expect(edit.body.messages).toEqual({ expires: ['有効期限は YYYY-MM-DD の形式の正しい日付で入力してください'] });
    const row = await em().findOneOrFail(Coupon, { id: last.body.id });
    expect(new Date(row.validUntil as Date).toISOString()).toBe('2999-12-31T15:00:00.000Z');
  });

  it('answers 404 in Japanese for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await c.agents.admin.get(`/api/v1/admin/coupons/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('クーポンが見つかりません');
    }
  });
});

describe('deactivation', () => {
  it('refuses the code at once in the quote and the booking; a reservation made before keeps its discount', async () => {
    const experience = await createExperience(t.orm, { price: 3000 });
    const calendar = await createCalendar(t.orm, experience.id, { recruitmentNumber: 20 });
    // A second date: the guest already holds a seat on the first.
    const later = await createCalendar(t.orm, experience.id, { recruitmentNumber: 20, date: '2030-06-01' });
    const coupon = await createCoupon(t.orm, { code: 'LEAKED', discountValue: 500, maxUses: 100 });
    const guest = await createUser(t.orm);
    const agent = await signedInAgent(t.app, guest.email);
    const book = (calendarId: number) =>
      agent
        .post('/api/v1/reservations')
        .send({ calendar_ids: [calendarId], number_of_people: 1, payment_token: 'tok_visa', coupon_code: 'leaked' });
    const first = await book(calendar.id);
    expect(first.status).toBe(201);

    const res = await c.agents.admin.post(`/api/v1/admin/coupons/${coupon.id}/deactivation`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'LEAKED', active: false, used_count: 1 });

    const message = 'このクーポンは利用停止されているためご利用いただけません';
    const quote = await agent.get(
      `/api/v1/experiences/${experience.id}/price?calendar_ids=${later.id}&number_of_people=1&coupon_code=leaked`,
    );
    expect(quote.status).toBe(422);
    expect(quote.body.messages).toEqual({ coupon_code: [message] });
    const again = await book(later.id);
    expect(again.status).toBe(422);
    expect(again.body.messages).toEqual({ coupon_code: [message] });

    const reservations = await em().find(Reservation, { user: guest.id });
    expect(reservations.map((r) => [r.status, r.discountAmount, r.couponCode])).toEqual([['confirmed', 500, 'LEAKED']]);
    expect((await em().findOneOrFail(Coupon, { id: coupon.id })).usedCount).toBe(1);

    const twice = await c.agents.admin.post(`/api/v1/admin/coupons/${coupon.id}/deactivation`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('このクーポンはすでに利用停止されています');
    expect((await audit(coupon.id)).map((a) => [a.action, a.before?.active, a.after?.active])).toEqual([['deactivate', true, false]]);
  });

  it('CLI deactivate-coupon: the same rule, audited as the operator', async () => {
    const coupon = await createCoupon(t.orm, { code: 'CLISTOP' });
    const run = await runCli(t.databaseUrl, ['deactivate-coupon', String(coupon.id)]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`クーポン CLISTOP (ID: ${coupon.id}) を利用停止にしました`);
    expect((await em().findOneOrFail(Coupon, { id: coupon.id })).active).toBe(false);
    const entries = await audit(coupon.id);
    expect(entries.map((a) => [a.action, a.actor])).toEqual([['deactivate', expect.stringContaining('operator')]]);
    const again = await runCli(t.databaseUrl, ['deactivate-coupon', String(coupon.id)]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('このクーポンはすでに利用停止されています');
  });
});
