// POST /api/v1/experiences/{id}/holding_requests (spec §7). No requireUser: the service answers 403 when signed
// out, which the spec's client turns into a redirect to /logon.
import { holdingRequestJsonSchema } from '#src/modules/holding-requests/holding-requests.schemas';
import { route, type ApiRoute } from '#server/api/route';

export const holdingRequestsRoutes: ApiRoute[] = [
  route('post', '/experiences/:id/holding_requests', '開催リクエストを送る', ['体験'], 'user', {
    status: 201,
    errors: [409],
    response: holdingRequestJsonSchema,
    answer: (req, services) => services.holdingRequests.create(req.ctx, req.params),
  }),
];
