// POST /api/v1/payments/stripe/webhook with the real `stripe` SDK against the fake Stripe server: events
// signed with the SDK's test header, replays, forgeries, out-of-order arrival, and the race with the browser's
// confirm call. Without STRIPE_WEBHOOK_SECRET the endpoint is disabled (404).
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, type Agent } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { FakeStripe } from '#tests/factories/fake-stripe';
import { expectDocumented } from '#tests/api/openapi-contract';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { StripeEvent } from '#src/modules/payments/stripe-events.entity';
import { stripeWebhookAnswerSchema } from '#src/modules/payments/stripe-webhook.schemas';
import * as ja from '#src/i18n/ja';

const SECRET = 'whsec_test_r13c_webhook';
const URL = '/api/v1/payments/stripe/webhook';
const fake = new FakeStripe();
let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  const base = await fake.start();
  t = await setupTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake123',
    STRIPE_API_BASE: base,
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
  const user = await createUser(t.orm);
  agent = await signedInAgent(t.app, user.email);
});
afterAll(async () => {
  await new Promise((resolve) => fake.server.close(resolve));
});
beforeEach(() => fake.reset());

let n = 0;
/** A Stripe event about the fake's current intent (a snapshot of it, as Stripe sends). */
function event(type: string, intentId: string, id = `evt_test_${Date.now()}_${++n}`) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { ...fake.intents.get(intentId) } },
  };
}

/** Posts an event the way Stripe does: the raw JSON and its Stripe-Signature header (the SDK's test header). */
function deliver(body: unknown, options: { secret?: string; timestamp?: number; signature?: string | null; payload?: string } = {}) {
  const payload = options.payload ?? JSON.stringify(body);
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload: JSON.stringify(body),
          secret: options.secret ?? SECRET,
          timestamp: options.timestamp,
        })
      : options.signature;
  const req = request(t.app).post(URL).set('Content-Type', 'application/json');
  if (header !== null) req.set('Stripe-Signature', header);
  return req.send(payload);
}

async function slot(recruitmentNumber = 5) {
  const experience = await createExperience(t.orm, { price: 3000, title: 'ウェブフック体験' });
  return createCalendar(t.orm, experience.id, { recruitmentNumber });
}
const seats = async (id: number) => (await t.orm.em.fork().findOneOrFail(Calendar, { id })).participantNumber;
const row = (id: number) => t.orm.em.fork().findOneOrFail(Reservation, { id });
const mails = (id: number) => t.orm.em.fork().count(MailOutbox, { dedupeKey: { $like: `reservation:${id}:%` } });
const seen = (id: string) => t.orm.em.fork().findOne(StripeEvent, { id });

/** A reservation waiting for 3-D Secure (seats held), as when the guest's browser closes on the issuer's page. */
async function awaitingAuthentication(people = 2) {
  const calendar = await slot();
  const res = await agent
    .post('/api/v1/reservations')
    .send({ calendar_ids: [calendar.id], number_of_people: people, payment_token: 'pm_card_threeDSecure2Required' });
  expect(res.status).toBe(202);
  const reservation = await row(res.body.reservation_id);
  return { calendar, id: reservation.id, intentId: reservation.paymentReference! };
}

describe('Stripe webhook', () => {
  it('confirms a held reservation on payment_intent.succeeded (browser closed after 3-D Secure), once', async () => {
    const { calendar, id, intentId } = await awaitingAuthentication();
    fake.authenticate(intentId, true);
    const succeeded = event('payment_intent.succeeded', intentId);
    const res = await deliver(succeeded);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'processed' });
    expect(stripeWebhookAnswerSchema.parse(res.body)).toEqual(res.body);
    expectDocumented(res);
    const reservation = await row(id);
    expect(reservation.status).toBe('confirmed');
    expect(reservation.holdExpiresAt).toBeNull();
    expect(await seats(calendar.id)).toBe(2);
    expect(await mails(id)).toBe(2);
    // The state was asked from Stripe, as the browser's confirm does.
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`)).toBe(true);
    expect((await seen(succeeded.id))?.outcome).toBe('processed');

    // Stripe retries (or someone replays) the same event, freshly signed: nothing changes.
    const confirmedAt = reservation.confirmedAt;
    const replay = await deliver(succeeded);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, outcome: 'duplicate' });
    expect((await row(id)).confirmedAt).toEqual(confirmedAt);
    expect(await mails(id)).toBe(2);
    expect(await t.orm.em.fork().count(StripeEvent, { id: succeeded.id })).toBe(1);
  });

  it('refuses unsigned, wrongly signed, tampered and stale events with 400 and changes nothing', async () => {
    const { calendar, id, intentId } = await awaitingAuthentication();
    fake.authenticate(intentId, true);
    const forged = event('payment_intent.succeeded', intentId);
    const attempts = [
      deliver(forged, { signature: null }),
      deliver(forged, { signature: '' }),
      deliver(forged, { secret: 'whsec_someone_else' }),
      deliver(forged, { signature: 't=1,v1=0000' }),
      // Signed for another body.
      deliver(forged, { payload: JSON.stringify({ ...forged, type: 'payment_intent.canceled' }) }),
      // A genuine signature from ten minutes ago (outside the SDK's five-minute tolerance): a replay.
      deliver(forged, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ja.stripeWebhook.signatureInvalid);
      expectDocumented(res);
    }
    expect(await seen(forged.id)).toBeNull();
    expect((await row(id)).status).toBe('requires_action');
    expect(await seats(calendar.id)).toBe(2);
    expect(await mails(id)).toBe(0);
    expect(fake.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  it('releases the hold on payment_intent.payment_failed', async () => {
    const { calendar, id, intentId } = await awaitingAuthentication();
    fake.authenticate(intentId, false);
    const res = await deliver(event('payment_intent.payment_failed', intentId));
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('processed');
    const reservation = await row(id);
    expect(reservation.status).toBe('failed');
    expect(reservation.failureMessage).toBe('payment_intent_authentication_failure');
    expect(await seats(calendar.id)).toBe(0);
    expect(await mails(id)).toBe(0);
  });

  it('releases the hold on payment_intent.canceled', async () => {
    const { calendar, id, intentId } = await awaitingAuthentication();
    fake.intents.get(intentId)!.status = 'canceled';
    const res = await deliver(event('payment_intent.canceled', intentId));
    expect(res.status).toBe(200);
    expect((await row(id)).status).toBe('expired');
    expect(await seats(calendar.id)).toBe(0);
  });

  it('is safe in any order: a late payment_failed or canceled after the success changes nothing', async () => {
    const { calendar, id, intentId } = await awaitingAuthentication();
    // The first attempt failed (event snapshot taken then), the guest's retry of authentication succeeded.
    fake.intents.get(intentId)!.status = 'requires_payment_method';
    const failed = event('payment_intent.payment_failed', intentId);
    fake.authenticate(intentId, true);
    const succeeded = event('payment_intent.succeeded', intentId);
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await row(id)).status).toBe('confirmed');

    const late = await deliver(failed);
    expect(late.status).toBe(200);
    expect((await deliver(event('payment_intent.canceled', intentId))).status).toBe(200);
    expect((await row(id)).status).toBe('confirmed');
    expect(await seats(calendar.id)).toBe(2);
    expect(await mails(id)).toBe(2);
  });

  it('answers success before the browser confirm: the browser still gets its confirmation', async () => {
    const { id, intentId } = await awaitingAuthentication();
    fake.authenticate(intentId, true);
    expect((await deliver(event('payment_intent.succeeded', intentId))).status).toBe(200);
    const confirm = await agent.post(`/api/v1/reservations/${id}/confirm`);
    expect(confirm.status).toBe(201);
    expect(confirm.body.status).toBe('confirmed');
    expect(await mails(id)).toBe(2);
  });

  it('confirms once when the webhook and the browser confirm race', async () => {
    const { calendar, id, intentId } = await awaitingAuthentication(3);
    fake.authenticate(intentId, true);
    const [hook, browser] = await Promise.all([
      deliver(event('payment_intent.succeeded', intentId)),
      agent.post(`/api/v1/reservations/${id}/confirm`),
    ]);
    expect(hook.status).toBe(200);
    expect(browser.status).toBe(201);
    expect(browser.body.status).toBe('confirmed');
    expect((await row(id)).status).toBe('confirmed');
    expect(await seats(calendar.id)).toBe(3);
    const outbox = await t.orm.em.fork().find(MailOutbox, { dedupeKey: { $like: `reservation:${id}:%` } });
    expect(outbox.map((m) => m.dedupeKey).sort()).toEqual([`reservation:${id}:guest`, `reservation:${id}:host`]);
  });

  it('handles the same event delivered twice at once only once', async () => {
    const { id, intentId } = await awaitingAuthentication();
    fake.authenticate(intentId, true);
    const succeeded = event('payment_intent.succeeded', intentId);
    const answers = await Promise.all([deliver(succeeded), deliver(succeeded)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => r.body.outcome).sort()).toEqual(['duplicate', 'processed']);
    expect((await row(id)).status).toBe('confirmed');
  });

  it('acknowledges events it does not handle and intents it does not know, without changes', async () => {
    const other = await deliver({ id: `evt_other_${++n}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    expect(other.status).toBe(200);
    expect(other.body.outcome).toBe('ignored');
    const unknown = await deliver({
      id: `evt_unknown_${++n}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_not_ours', object: 'payment_intent' } },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.outcome).toBe('ignored');
  });

  it('answers 503 when Stripe cannot be asked, records nothing, and handles the retry', async () => {
    const { id, intentId } = await awaitingAuthentication();
    fake.authenticate(intentId, true);
    const succeeded = event('payment_intent.succeeded', intentId);
    fake.dropRetrievesBefore = 3; // the first try and both SDK retries
    const res = await deliver(succeeded);
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(ja.payments.unavailable);
    expectDocumented(res);
    expect(await seen(succeeded.id)).toBeNull();
    expect((await row(id)).status).toBe('requires_action');

    const retry = await deliver(succeeded);
    expect(retry.status).toBe(200);
    expect(retry.body.outcome).toBe('processed');
    expect((await row(id)).status).toBe('confirmed');
  });
});

describe('charge.refunded', () => {
  /** A cancelled reservation paid with `intentId` whose refund the gateway has not confirmed yet. */
  async function pendingRefund(intentId: string) {
    const experience = await createExperience(t.orm, { price: 1000, title: '返金待ちの体験' });
    const calendar = await createCalendar(t.orm, experience.id);
    const guest = await createUser(t.orm);
    const reservation = await createReservation(t.orm, { userId: guest.id, experienceId: experience.id, calendarIds: [calendar.id] });
    const em = t.orm.em.fork();
    await em.execute(`UPDATE reservations SET status = 'cancelled', cancelled_at = now(), payment_reference = ? WHERE id = ?`, [
      intentId,
      reservation.id,
    ]);
    await em.execute(`INSERT INTO refunds (reservation_id, amount, status, idempotency_key) VALUES (?, ?, 'pending', ?)`, [
      reservation.id,
      reservation.totalAmount,
      `refund-${reservation.id}`,
    ]);
    return reservation;
  }
  const refundRow = async (reservationId: number) =>
    (
      await t.orm.em
        .fork()
        .execute<{ status: string; gateway_reference: string | null }[]>(
          'SELECT status, gateway_reference FROM refunds WHERE reservation_id = ?',
          [reservationId],
        )
    )[0];
  function chargeRefunded(intentId: string, amountRefunded: number, id = `evt_refund_${Date.now()}_${++n}`) {
    return {
      id,
      object: 'event',
      type: 'charge.refunded',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: `ch_${id}`,
          object: 'charge',
          payment_intent: intentId,
          amount_refunded: amountRefunded,
          refunded: true,
          refunds: { object: 'list', data: [{ id: `re_${id}`, object: 'refund' }] },
        },
      },
    };
  }

  it('marks the pending refund done; a replay, an unknown intent or a partial amount change nothing', async () => {
    const reservation = await pendingRefund('pi_refund_1');
    const partial = await deliver(chargeRefunded('pi_refund_1', reservation.totalAmount - 1));
    expect(partial.status).toBe(200);
    expect(partial.body.outcome).toBe('ignored');
    expect((await refundRow(reservation.id)).status).toBe('pending');

    const event = chargeRefunded('pi_refund_1', reservation.totalAmount);
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expectDocumented(res);
    expect(res.body.outcome).toBe('processed');
    expect(await refundRow(reservation.id)).toEqual({ status: 'succeeded', gateway_reference: `re_${event.id}` });

    const replay = await deliver(event);
    expect(replay.body.outcome).toBe('duplicate');
    const again = await deliver(chargeRefunded('pi_refund_1', reservation.totalAmount));
    expect(again.body.outcome).toBe('ignored');
    const unknown = await deliver(chargeRefunded('pi_not_ours', 5000));
    expect(unknown.body.outcome).toBe('ignored');
    expect(await refundRow(reservation.id)).toEqual({ status: 'succeeded', gateway_reference: `re_${event.id}` });
  });
});

describe('Stripe webhook without STRIPE_WEBHOOK_SECRET', () => {
  it('is disabled (404), even for a correctly signed event', async () => {
    const plain = await setupTestApp();
    const body = { id: 'evt_disabled', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } };
    const payload = JSON.stringify(body);
    const res = await request(plain.app)
      .post(URL)
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }))
      .send(payload);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ja.stripeWebhook.disabled);
    expectDocumented(res);
    expect(await plain.orm.em.fork().count(StripeEvent, {})).toBe(0);
  });
});
