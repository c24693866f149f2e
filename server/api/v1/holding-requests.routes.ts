// POST /api/v1/experiences/{id}/holding_requests (spec §7). No requireUser: the service answers 403 when signed
// out, which the spec's client turns into a redirect to /logon.
import * as ja from '#src/i18n/ja';
import { holdingRequestJsonSchema } from '#src/modules/holding-requests/holding-requests.schemas';
import { route, type ApiRoute } from '#server/api/route';

export const holdingRequestsRoutes: ApiRoute[] = [
  // 'optional': a signed-out call reaches the service, which answers 403; a repeat request is a 422.
  route('post', '/experiences/:id/holding_requests', '開催リクエストを送る', ['体験'], 'optional', {
    status: 201,
    errorNotes: {
      403: { description: 'ログインしていないか、別のサイトからのリクエストです', message: ja.browse.holdingSignIn },
      404: { description: '体験が見つからないか、公開されていません（不正な ID も 404）', message: ja.browse.experienceNotFound },
      422: { description: 'この体験にはリクエスト済みか、ご自身の体験です（URL の不正な文字も 422）', message: ja.browse.holdingDuplicate },
    },
    response: holdingRequestJsonSchema,
    answer: (req, services) => services.holdingRequests.create(req.ctx, req.params),
  }),
];
