// The host's bookings: GET /api/v1/host/reservations, GET /api/v1/host/calendars/{id}/participants
// (JSON, or a CSV file with `Accept: text/csv` or `?format=csv` for a plain download link) and
// GET /api/v1/host/holding_requests.
import {
  hostReservationsJsonSchema,
  hostReservationsQuerySchema,
  participantsJsonSchema,
  participantsQuerySchema,
} from '#src/modules/reservations/host-reservations.schemas';
import { hostHoldingRequestsJsonSchema, hostHoldingRequestsQuerySchema } from '#src/modules/holding-requests/holding-requests.schemas';
import { route, sendFile, type ApiRoute } from '#server/api/route';

const host = ['ホスト'];

export const hostReservationsRoutes: ApiRoute[] = [
  route('get', '/host/reservations', '自分の体験の予約を開催回ごとに一覧する（ホスト・アンバサダーのメンバー）', host, 'user', {
    query: hostReservationsQuerySchema,
    response: hostReservationsJsonSchema,
    errors: [404],
    answer: (req, services) => services.hostReservations.list(req.ctx, req.query),
  }),
  route('get', '/host/calendars/:id/participants', '開催回の参加者を取得する（Accept: text/csv か format=csv で CSV）', host, 'user', {
    query: participantsQuerySchema,
    response: participantsJsonSchema,
    csv: true,
    handler: (services) => async (req, res) => {
      const input = { ...req.query, ...req.params };
      const csv =
        req.query.format === 'csv' || (req.query.format === undefined && req.accepts(['application/json', 'text/csv']) === 'text/csv');
      if (!csv) {
        res.json(await services.hostReservations.participants(req.ctx, input));
        return;
      }
      sendFile(res, await services.hostReservations.participantsCsv(req.ctx, input));
    },
  }),
  route('get', '/host/holding_requests', '自分の体験への開催リクエストを一覧する', host, 'user', {
    query: hostHoldingRequestsQuerySchema,
    response: hostHoldingRequestsJsonSchema,
    answer: (req, services) => services.holdingRequests.listForHost(req.ctx, req.query),
  }),
];
