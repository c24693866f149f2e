// GET /api/v1/dev/mails: the development mailbox (mails kept in the outbox when SMTP_URL is unset). 404 in production.
import { devMailboxJsonSchema } from '#src/modules/mail/mail.schemas';
import { route, type ApiRoute } from '#server/api/route';

export const devMailRoutes: ApiRoute[] = [
  route('get', '/dev/mails', '開発用のメールボックスを読む（本番では 404）', ['開発'], 'none', {
    errors: [404],
    response: devMailboxJsonSchema,
    answer: async (req, services) => ({ mails: await services.mail.mailbox(req.ctx, req.query) }),
  }),
];
