/** The Stripe webhook. */
export const stripeWebhook = {
  disabled: 'Stripe Webhook は設定されていません',
  signatureInvalid: 'Stripe の署名を確認できませんでした',
} as const;
