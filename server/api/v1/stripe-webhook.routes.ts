// POST /api/v1/payments/stripe/webhook: mounted before the JSON parser and the same-origin check, because
// the signature covers the raw bytes and Stripe is another origin; the service verifies the signature.
import express from 'express';
import * as ja from '#src/i18n/ja';
import { stripeEventSchema, stripeWebhookAnswerSchema } from '#src/modules/payments/stripe-webhook.schemas';
import { route, type ApiRoute } from '#server/api/route';

/** The `created` (Unix seconds) of an event whose signature the service has verified, for the metrics' lag. */
function createdOf(payload: unknown): number | null {
  try {
    const created: unknown = JSON.parse(Buffer.from(payload as Uint8Array).toString('utf8')).created;
    return typeof created === 'number' ? created : null;
  } catch {
    return null;
  }
}

export const stripeWebhookRoutes: ApiRoute[] = [
  route('post', '/payments/stripe/webhook', 'Stripe からのイベントを受け取る（署名必須。未設定なら 404）', ['決済'], 'none', {
    body: stripeEventSchema,
    errors: [400, 404, 413, 503],
    // Mounted before the same-origin check: a cross-site request is never a 403 here.
    beforeOriginCheck: true,
    errorNotes: {
      400: {
        description: 'Stripe-Signature がないか、署名が正しくないか古い（5 分以上前）か、URL の形式が正しくありません',
        message: ja.stripeWebhook.signatureInvalid,
      },
      404: { description: 'Webhook が無効です（STRIPE_WEBHOOK_SECRET が未設定）', message: ja.stripeWebhook.disabled },
      503: {
        description: 'Stripe に接続できないか、データベースが混み合っています（イベントは処理済みにならず、Stripe が再送します）',
        message: ja.payments.unavailable,
      },
    },
    response: stripeWebhookAnswerSchema,
    before: [express.raw({ type: () => true, limit: '512kb' })],
    // hooks.webhookHandled: told of each event handled (server/metrics.ts), when metrics are on.
    handler: (services, hooks) => async (req, res) => {
      const answer = await services.stripeWebhook.handle(req.ctx, { payload: req.body, signature: req.get('stripe-signature') });
      hooks.webhookHandled?.(answer.outcome, createdOf(req.body));
      res.json(answer);
    },
  }),
];
