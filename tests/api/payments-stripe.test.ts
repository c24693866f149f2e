// The Stripe gateway with the real `stripe` SDK pointed (host/port/protocol) at a local fake Stripe HTTP server:
// request shape, idempotency keys, decline -> 402, 3-D Secure, network errors and lost responses.
import { GUEST } from '#src/lib/context';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type TestAgent from 'supertest/lib/agent';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { FakeStripe } from '#tests/factories/fake-stripe';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { paymentKeys } from '#src/modules/payments/gateway';
import * as ja from '#src/i18n/ja';

const fake = new FakeStripe();
let t: TestApp;
let agent: InstanceType<typeof TestAgent>;
let guestId: number;

beforeAll(async () => {
  const base = await fake.start();
  t = await setupTestApp({ STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake123', STRIPE_API_BASE: base });
  const user = await createUser(t.orm);
  guestId = user.id;
  agent = await signedInAgent(t.app, user.email);
});
afterAll(async () => {
  await new Promise((resolve) => fake.server.close(resolve));
});
beforeEach(() => fake.reset());

let n = 0;
const newKey = () => `stripe-attempt-${Date.now()}-${++n}`;

async function slot(recruitmentNumber = 5) {
  const experience = await createExperience(t.orm, { price: 3000, title: 'ストライプ体験' });
  return createCalendar(t.orm, experience.id, { recruitmentNumber });
}
const seats = async (id: number) => (await t.orm.em.fork().findOneOrFail(Calendar, { id })).participantNumber;
const row = (id: number) => t.orm.em.fork().findOneOrFail(Reservation, { id });

describe('Stripe gateway against a fake Stripe server', () => {
  it('creates and confirms a PaymentIntent in yen with idempotency keys derived from the reservation', async () => {
    const calendar = await slot();
    const key = newKey();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 2, payment_token: 'pm_card_visa', idempotency_key: key });
    expect(res.status).toBe(201);
    const reservation = await row(res.body.id);
    expect(reservation.status).toBe('confirmed');
    expect(reservation.paymentReference).toMatch(/^pi_fake_/);

    const [create, confirm] = fake.requests;
    const keys = paymentKeys(reservation.id, `u${guestId}:${key}`);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: keys.create,
      authorization: 'Bearer sk_test_fake123',
    });
    expect(create.form).toMatchObject({
      amount: String(res.body.amounts.total),
      currency: 'jpy',
      'metadata[reservation_id]': String(reservation.id),
      'allowed_payment_method_types[0]': 'card',
    });
    expect(create.form.description).toContain('ストライプ体験');
    expect(confirm).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${reservation.paymentReference}/confirm`,
      idempotencyKey: keys.confirm,
    });
    expect(confirm.form).toMatchObject({ payment_method: 'pm_card_visa', use_stripe_sdk: 'true' });
    expect(confirm.form.return_url).toContain(`confirm_reservation=${reservation.id}`);
    expect(fake.requests).toHaveLength(2);
    expect(await seats(calendar.id)).toBe(2);
    expect(await t.orm.em.fork().count(MailOutbox, { dedupeKey: { $like: `reservation:${reservation.id}:%` } })).toBe(2);
  });

  it('sends a test token as payment_method_data', async () => {
    const calendar = await slot();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'tok_visa' });
    expect(res.status).toBe(201);
    const confirm = fake.requests.find((r) => r.path.endsWith('/confirm'))!;
    expect(confirm.form).toMatchObject({ 'payment_method_data[type]': 'card', 'payment_method_data[card][token]': 'tok_visa' });
  });

  it('maps a decline to 402 and frees the seats', async () => {
    const calendar = await slot();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 2, payment_token: 'tok_chargeDeclined' });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(ja.payments.declined);
    expect(await seats(calendar.id)).toBe(0);
    const [reservation] = await t.orm.em
      .fork()
      .find(Reservation, { paymentReference: { $like: 'pi_fake_%' }, status: 'failed' }, { orderBy: { id: 'desc' }, limit: 1 });
    expect(reservation.failureMessage).toBe('generic_decline');
  });

  it('answers 202 with the client secret for 3-D Secure and confirms only after the intent succeeded', async () => {
    const calendar = await slot();
    const res = await agent.post('/api/v1/reservations').send({
      calendar_ids: [calendar.id],
      number_of_people: 1,
      payment_token: 'pm_card_threeDSecure2Required',
      idempotency_key: newKey(),
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      status: 'requires_action',
      reservation_id: expect.any(Number),
      gateway: 'stripe',
      client_secret: expect.stringMatching(/^pi_fake_\d+_secret_/),
      next_action_url: null,
    });
    const id = res.body.reservation_id;
    expect(await seats(calendar.id)).toBe(1);
    expect((await agent.post(`/api/v1/reservations/${id}/confirm`)).status).toBe(202);
    expect((await row(id)).status).toBe('requires_action');

    fake.authenticate((await row(id)).paymentReference!, true);
    const confirmed = await agent.post(`/api/v1/reservations/${id}/confirm`);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.status).toBe('confirmed');
    expect(fake.requests.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('answers 402 with the authentication message when 3-D Secure fails', async () => {
    const calendar = await slot();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'pm_card_threeDSecure2Required' });
    fake.authenticate((await row(res.body.reservation_id)).paymentReference!, false);
    const confirmed = await agent.post(`/api/v1/reservations/${res.body.reservation_id}/confirm`);
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.message).toBe(ja.payments.authenticationFailed);
    expect(await seats(calendar.id)).toBe(0);
  });

  it('answers 503 when Stripe cannot be reached, keeps the hold, and a retry with the same key charges once', async () => {
    const calendar = await slot();
    const key = newKey();
    const body = { calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'pm_card_visa', idempotency_key: key };
    fake.dropConfirmsBefore = 3; // the first try and both SDK retries
    const res = await agent.post('/api/v1/reservations').send(body);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(ja.payments.unavailable);
    const pending = await t.orm.em.fork().findOneOrFail(Reservation, { idempotencyKey: `u${guestId}:${key}` });
    expect(pending.status).toBe('pending');
    expect(await seats(calendar.id)).toBe(1);
    const chargesBefore = fake.charges;

    const retry = await agent.post('/api/v1/reservations').send(body);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(pending.id);
    expect(fake.charges - chargesBefore).toBe(1);
    const confirms = fake.requests.filter((r) => r.path.endsWith('/confirm'));
    expect(new Set(confirms.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(await seats(calendar.id)).toBe(1);
  });

  it('replays a confirm whose response was lost instead of charging again', async () => {
    const calendar = await slot();
    const chargesBefore = fake.charges;
    fake.dropConfirmsAfter = 1; // Stripe charged, the answer never arrived; the SDK retries with the same key
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'pm_card_visa' });
    expect(res.status).toBe(201);
    expect(fake.charges - chargesBefore).toBe(1);
    expect(fake.requests.filter((r) => r.path.endsWith('/confirm')).length).toBe(2);
  });

  it('cancels the intent of an expired hold at Stripe before releasing the seats', async () => {
    const calendar = await slot();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'pm_card_threeDSecure2Required' });
    const id = res.body.reservation_id;
    await t.orm.em.fork().execute(`UPDATE reservations SET hold_expires_at = now() - interval '1 second' WHERE id = ?`, [id]);
    await t.services.reservations.sweepExpiredHolds();
    const reference = (await row(id)).paymentReference!;
    expect(fake.requests.some((r) => r.path === `/v1/payment_intents/${reference}/cancel` && r.idempotencyKey?.endsWith('-cancel'))).toBe(
      true,
    );
    expect(fake.intents.get(reference)!.status).toBe('canceled');
    expect((await row(id)).status).toBe('expired');
    expect(await seats(calendar.id)).toBe(0);
  });

  it('confirms an expired hold whose intent had succeeded (cancel refused)', async () => {
    const calendar = await slot();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'pm_card_threeDSecure2Required' });
    const id = res.body.reservation_id;
    fake.authenticate((await row(id)).paymentReference!, true);
    await t.orm.em.fork().execute(`UPDATE reservations SET hold_expires_at = now() - interval '1 second' WHERE id = ?`, [id]);
    await t.services.reservations.sweepExpiredHolds();
    expect((await row(id)).status).toBe('confirmed');
    expect(await seats(calendar.id)).toBe(1);
  });

  it('hides the test gateway endpoints and tells the form to load Stripe Elements', async () => {
    const res = await agent
      .post('/api/v1/payments/test/tokens')
      .send({ number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' });
    expect(res.status).toBe(404);
    const calendar = await slot();
    const experienceId = (await t.orm.em.fork().findOneOrFail(Calendar, { id: calendar.id })).experience.id;
    const form = await t.services.reservations.form(t.services.context(GUEST), { tour_id: String(experienceId), cid: String(calendar.id) });
    expect(form.payment).toEqual({ gateway: 'stripe', publishable_key: 'pk_test_fake123' });
  });
});

describe('Stripe Refunds', () => {
  async function bookAndCancel(prepare: () => void = () => {}) {
    const calendar = await slot();
    const key = newKey();
    const res = await agent
      .post('/api/v1/reservations')
      .send({ calendar_ids: [calendar.id], number_of_people: 1, payment_token: 'pm_card_visa', idempotency_key: key });
    expect(res.status).toBe(201);
    prepare();
    const cancelled = await agent.post(`/api/v1/reservations/${res.body.id}/cancellation`).send({});
    expect(cancelled.status).toBe(200);
    return { id: res.body.id as number, key, total: res.body.amounts.total as number, cancelled };
  }
  async function refundsFor(id: number) {
    const intent = (await row(id)).paymentReference;
    return [...fake.refunds.values()].filter((r) => r.payment_intent === intent);
  }
  const due = { dueBy: new Date(Date.now() + 86_400_000) };

  it('refunds the payment intent in yen with the idempotency key derived from the reservation', async () => {
    const { id, key, total, cancelled } = await bookAndCancel();
    expect(cancelled.body.display_status).toBe('refunded');
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/refunds')!;
    expect(create.idempotencyKey).toBe(paymentKeys(id, `u${guestId}:${key}`).refund);
    expect(create.form).toMatchObject({
      payment_intent: (await row(id)).paymentReference,
      amount: String(total),
      'metadata[reservation_id]': String(id),
    });
    expect((await refundsFor(id)).map((r) => r.amount)).toEqual([total]);
  });

  it('an unreachable Stripe leaves the refund pending; the worker refunds once it answers', async () => {
    const { id, cancelled } = await bookAndCancel(() => {
      fake.dropRefundsBefore = 10;
    });
    expect(cancelled.body.display_status).toBe('refund_pending');
    expect(await refundsFor(id)).toHaveLength(0);
    fake.dropRefundsBefore = 0;
    expect(await t.services.reservations.retryPendingRefunds(due)).toEqual({ succeeded: 1, failed: 0 });
    expect(await refundsFor(id)).toHaveLength(1);
  });

  it('a refund made whose answer was lost is found by the retry, never made twice', async () => {
    const { id, cancelled } = await bookAndCancel(() => {
      fake.dropRefundsAfter = 10;
    });
    expect(cancelled.body.display_status).toBe('refund_pending');
    expect(await refundsFor(id)).toHaveLength(1);
    fake.dropRefundsAfter = 0;
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').length;
    expect(await t.services.reservations.retryPendingRefunds(due)).toEqual({ succeeded: 1, failed: 0 });
    expect(await refundsFor(id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds')).toHaveLength(creates);
  });
});
