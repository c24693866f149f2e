// The message thread of a reservation: GET and POST /api/v1/reservations/{id}/messages, for its guest
// and its host side only (404 for everybody else).
import { messageJsonSchema, messageSchema, messagesJsonSchema } from '#src/modules/reservations/reservation-messages.schemas';
import { route, type ApiRoute } from '#server/api/route';

const reservations = ['予約'];

export const reservationMessagesRoutes: ApiRoute[] = [
  route('get', '/reservations/:id/messages', '予約のメッセージを取得する（ゲストとホスト側のみ）', reservations, 'user', {
    response: messagesJsonSchema,
    answer: (req, services) => services.reservationMessages.list(req.ctx, req.params),
  }),
  route('post', '/reservations/:id/messages', '予約のメッセージを送る（相手にメールで通知）', reservations, 'user', {
    body: messageSchema,
    status: 201,
    errors: [429],
    response: messageJsonSchema,
    answer: (req, services) => services.reservationMessages.post(req.ctx, { ...req.body, ...req.params }),
  }),
];
