// The test gateway's browser-facing steps (404 when Stripe is configured): a test card number -> its test token
// (raw card numbers never reach the reservation endpoint), and the stand-in for the 3-D Secure page.
// Signed-in only: stated by the service.
import {
  testAuthenticationJsonSchema,
  testAuthenticationSchema,
  testCardSchema,
  testTokenSchema,
} from '#src/modules/payments/payments.schemas';
import { route, type ApiRoute } from '#server/api/route';

const testPayments = ['決済（テスト）'];

export const paymentsRoutes: ApiRoute[] = [
  route('post', '/payments/test/tokens', 'テスト用カードをトークン化する（テスト決済）', testPayments, 'user', {
    errors: [404],
    body: testCardSchema,
    status: 201,
    response: testTokenSchema,
    answer: (req, services) => services.payments.tokenizeTestCard(req.ctx, req.body),
  }),
  route('post', '/payments/test/intents/:id/authenticate', 'テスト決済の追加認証に答える', testPayments, 'user', {
    body: testAuthenticationSchema,
    response: testAuthenticationJsonSchema,
    answer: (req, services) => services.payments.authenticateTestIntent(req.ctx, { ...req.body, id: req.params.id }),
  }),
];
