// A burst of Stripe webhook deliveries never freezes a server: four times DATABASE_POOL_MAX signed deliveries at once,
// half of them the same event id, spread over two server processes on one database. Every delivery is answered (200,
// or 503 that Stripe retries) within 10 s, each event is applied exactly once, and while the burst runs both
// processes still answer an unrelated API call and a page within 1 s.
import { rmSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '#src/lib/embedded-db';
import { initOrm, type MikroORM } from '#src/lib/orm';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process';
import { FakeStripe } from '#tests/factories/fake-stripe';
import { createUser } from '#tests/factories/users';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { createReservation } from '#tests/factories/reservations';
import { scratchDir } from '#tests/setup/scratch';

const SECRET = 'whsec_test_burst';
const POOL = 6;
const DELIVERIES = 4 * POOL;
const fake = new FakeStripe();
let dataDir: string;
let db: EmbeddedDatabase;
let orm: MikroORM;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  const stripeBase = await fake.start();
  dataDir = scratchDir('taiken-e2e-burst-');
  db = await startEmbeddedDatabase({ dir: path.join(dataDir, 'pg'), database: 'burst_e2e', fast: true });
  const env = {
    DATABASE_URL: db.url,
    DATABASE_POOL_MAX: String(POOL),
    STRIPE_SECRET_KEY: 'sk_test_fake123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake123',
    STRIPE_API_BASE: stripeBase,
    STRIPE_WEBHOOK_SECRET: SECRET,
  };
  // One after the other: the first migrates the database.
  servers.push(await startServerProcess(env));
  servers.push(await startServerProcess(env));
  orm = await initOrm(db.url, { pool: 2 });
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await orm?.close(true);
  await db?.stop();
  await new Promise((resolve) => fake.server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** A reservation whose guest finished 3-D Secure at Stripe while the browser closed: paid there, held here. */
async function paidAtStripe(userId: number, experienceId: number, n: number): Promise<{ id: number; intentId: string }> {
  const calendar = await createCalendar(orm, experienceId, { recruitmentNumber: 5 });
  const reservation = await createReservation(orm, { userId, experienceId, calendarIds: [calendar.id], status: 'pending' });
  const intentId = `pi_burst_${n}`;
  await orm.em
    .fork()
    .execute(
      `UPDATE reservations SET status = 'requires_action', payment_reference = ?, hold_expires_at = now() + interval '10 minutes' WHERE id = ?`,
      [intentId, reservation.id],
    );
  await orm.em.fork().execute('UPDATE calendars SET participant_number = 1 WHERE id = ?', [calendar.id]);
  fake.intents.set(intentId, {
    id: intentId,
    object: 'payment_intent',
    amount: reservation.totalAmount,
    currency: 'jpy',
    status: 'succeeded',
    client_secret: `${intentId}_secret`,
    metadata: { reservation_id: String(reservation.id) },
    next_action: null,
    last_payment_error: null,
  });
  return { id: reservation.id, intentId };
}

function signedEvent(id: string, intentId: string): { body: string; signature: string } {
  const body = JSON.stringify({
    id,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { ...fake.intents.get(intentId) } },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) };
}

async function deliver(
  base: string,
  event: { body: string; signature: string },
): Promise<{ status: number; ms: number; outcome?: string }> {
  const started = Date.now();
  const res = await fetch(`${base}/api/v1/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature },
    body: event.body,
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { outcome?: string };
  return { status: res.status, ms: Date.now() - started, outcome: body.outcome };
}

async function timed(url: string): Promise<{ url: string; status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  await res.arrayBuffer();
  return { url, status: res.status, ms: Date.now() - started };
}

describe('a burst of Stripe webhook deliveries over two processes', () => {
  it('answers every delivery within 10 s, applies each event once, and keeps both processes answering', async () => {
    const guest = await createUser(orm);
    const experience = await createExperience(orm, { price: 3000, title: 'バースト体験' });
    // Half the deliveries carry distinct events (one reservation each), the other half one event id (one reservation).
    const distinct = await Promise.all(Array.from({ length: DELIVERIES / 2 }, (_, i) => paidAtStripe(guest.id, experience.id, i)));
    const shared = await paidAtStripe(guest.id, experience.id, DELIVERIES);
    const deliveries = [
      ...distinct.map((r, i) => signedEvent(`evt_burst_${i}`, r.intentId)),
      ...Array.from({ length: DELIVERIES / 2 }, () => signedEvent('evt_burst_shared', shared.intentId)),
    ];

    // Each process has rendered the page and read the categories once (the first render loads the page's code).
    for (const s of servers) {
      expect((await timed(`${s.base}/api/v1/categories`)).status).toBe(200);
      expect((await timed(`${s.base}/logon`)).status).toBe(200);
    }
    const burst = Promise.all(deliveries.map((event, i) => deliver(servers[i % 2].base, event)));
    // While the burst runs: an API call that needs the database and a page, on each process.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const probes = await Promise.all(servers.flatMap((s) => [timed(`${s.base}/api/v1/categories`), timed(`${s.base}/logon`)]));
    const answers = await burst;

    for (const probe of probes) {
      expect(probe, probe.url).toMatchObject({ status: 200 });
      expect(probe.ms, probe.url).toBeLessThan(1000);
    }
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      expect(answer.ms).toBeLessThan(10_000);
    }
    // Stripe retries what was answered 503; afterwards every event has been applied.
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 503) expect((await deliver(servers[i % 2].base, deliveries[i])).status).toBe(200);
    }
    const sharedAnswers = answers.slice(DELIVERIES / 2).filter((a) => a.status === 200);
    expect(sharedAnswers.filter((a) => a.outcome === 'processed').length).toBeLessThanOrEqual(1);

    const em = orm.em.fork();
    const rows = await em.execute<{ id: number; status: string; confirmations: string }[]>(
      `SELECT r.id, r.status, (SELECT count(*) FROM mail_outbox m WHERE m.dedupe_key LIKE 'reservation:' || r.id || ':%') AS confirmations
       FROM reservations r WHERE r.experience_id = ? ORDER BY r.id`,
      [experience.id],
    );
    expect(rows).toHaveLength(DELIVERIES / 2 + 1);
    for (const row of rows) {
      expect(row.status).toBe('confirmed');
      // The guest's confirmation and the host's notice, once each.
      expect(Number(row.confirmations)).toBe(2);
    }
    const events = await em.execute<{ id: string; outcome: string }[]>(
      `SELECT id, outcome FROM stripe_events WHERE id LIKE 'evt_burst_%' ORDER BY id`,
    );
    expect(events).toHaveLength(DELIVERIES / 2 + 1);
    for (const event of events) expect(event.outcome).toBe('processed');
    // Each intent was asked about at Stripe: the work ran, and the duplicates did not run it again.
    const retrieves = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${shared.intentId}`);
    expect(retrieves).toHaveLength(1);
  });
});
