// A local stand-in for api.stripe.com's PaymentIntents and Refunds, with Stripe's idempotency semantics (replay by
// key), for the real `stripe` SDK pointed at it (STRIPE_API_BASE). Used by the Stripe gateway and webhook tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  next_action: unknown;
  last_payment_error: unknown;
}

/** Just enough of api.stripe.com's PaymentIntents, with Stripe's idempotency semantics (replay by key). */
export class FakeStripe {
  requests: Recorded[] = [];
  intents = new Map<string, FakeIntent>();
  /** How many confirms actually ran (a replayed key does not run again): the charges. */
  charges = 0;
  /** Drop the connection of the next N confirm requests before handling them. */
  dropConfirmsBefore = 0;
  /** Handle the next N confirm requests, then drop the connection instead of answering (response lost). */
  dropConfirmsAfter = 0;
  /** The refunds made (a replayed key does not make another). */
  refunds = new Map<
    string,
    { id: string; object: 'refund'; amount: number; payment_intent: string; status: string; metadata: Record<string, string> }
  >();
  /** Drop the connection of the next N refund creations before handling them (the gateway is unreachable). */
  dropRefundsBefore = 0;
  /** Make the next N refunds, then drop the connection instead of answering (the refund exists, its answer is lost). */
  dropRefundsAfter = 0;
  /** Drop the connection of the next N retrieve (GET) requests (Stripe unreachable for the webhook's check). */
  dropRetrievesBefore = 0;
  private replies = new Map<string, { status: number; body: unknown }>();
  private counter = 0;
  server = http.createServer((req, res) => this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset() {
    this.requests = [];
    this.dropConfirmsBefore = 0;
    this.dropConfirmsAfter = 0;
    this.dropRefundsBefore = 0;
    this.dropRefundsAfter = 0;
    this.dropRetrievesBefore = 0;
  }

  /** What the issuer's 3-D Secure page would do. */
  authenticate(id: string, ok: boolean) {
    const intent = this.intents.get(id)!;
    intent.next_action = null;
    if (ok) intent.status = 'succeeded';
    else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { code: 'payment_intent_authentication_failure', type: 'invalid_request_error' };
    }
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? '').split('?')[0];
      const key = req.headers['idempotency-key'] as string | undefined;
      this.requests.push({ method: req.method ?? '', path, idempotencyKey: key, authorization: req.headers.authorization, form });
      const isConfirm = path.endsWith('/confirm');
      const isRefund = req.method === 'POST' && path === '/v1/refunds';
      if (isRefund && this.dropRefundsBefore > 0) {
        this.dropRefundsBefore -= 1;
        req.socket.destroy();
        return;
      }
      if (isConfirm && this.dropConfirmsBefore > 0) {
        this.dropConfirmsBefore -= 1;
        req.socket.destroy();
        return;
      }
      if (req.method === 'GET' && this.dropRetrievesBefore > 0) {
        this.dropRetrievesBefore -= 1;
        req.socket.destroy();
        return;
      }
      const replayKey = key ? `${req.method} ${path} ${key}` : null;
      let reply = replayKey ? this.replies.get(replayKey) : undefined;
      if (!reply) {
        reply = this.route(req.method ?? '', path, form, new URLSearchParams((req.url ?? '').split('?')[1] ?? ''));
        if (replayKey && req.method === 'POST') this.replies.set(replayKey, reply);
      }
      if (isConfirm && this.dropConfirmsAfter > 0) {
        this.dropConfirmsAfter -= 1;
        req.socket.destroy();
        return;
      }
      if (isRefund && this.dropRefundsAfter > 0) {
        this.dropRefundsAfter -= 1;
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.counter}` });
      res.end(JSON.stringify(reply.body));
    });
  }

  private route(
    method: string,
    path: string,
    form: Record<string, string>,
    query = new URLSearchParams(),
  ): { status: number; body: unknown } {
    if (path === '/v1/refunds') {
      if (method === 'GET') {
        const data = [...this.refunds.values()].filter((r) => r.payment_intent === query.get('payment_intent'));
        return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
      }
      const intent = this.intents.get(form.payment_intent);
      if (intent?.status !== 'succeeded') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
        };
      }
      const refund = {
        id: `re_fake_${++this.counter}`,
        object: 'refund' as const,
        amount: Number(form.amount),
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: { reservation_id: form['metadata[reservation_id]'] },
      };
      this.refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(?:\/(confirm|cancel))?$/.exec(path);
    if (!match) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
    const [, id, action] = match;
    if (method === 'POST' && !id) {
      const intentId = `pi_fake_${++this.counter}`;
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_abc`,
        metadata: { reservation_id: form['metadata[reservation_id]'] },
        next_action: null,
        last_payment_error: null,
      };
      this.intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const intent = id ? this.intents.get(id) : undefined;
    if (!intent)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } },
      };
    if (method === 'GET' && !action) return { status: 200, body: intent };
    if (action === 'cancel') {
      if (intent.status === 'succeeded') {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'already succeeded' } },
        };
      }
      intent.status = 'canceled';
      return { status: 200, body: intent };
    }
    // confirm
    this.charges += 1;
    const token = form['payment_method_data[card][token]'] ?? form.payment_method;
    if (token === 'tok_chargeDeclined' || token === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: intent,
          },
        },
      };
    }
    if (token === 'tok_threeDSecure2Required' || token === 'pm_card_threeDSecure2Required') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      return { status: 200, body: intent };
    }
    intent.status = 'succeeded';
    return { status: 200, body: intent };
  }
}
