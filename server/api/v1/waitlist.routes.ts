// キャンセル待ち: GET /api/v1/waitlist (the guest's entries), POST /api/v1/waitlist (join a full slot's line, 201),
// DELETE /api/v1/waitlist/{id} (leave, or decline an offer).
import * as waitlist from '#src/modules/reservations/waitlist.schemas';
import { route, type ApiRoute } from '#server/api/route';

const reservations = ['予約'];

export const waitlistRoutes: ApiRoute[] = [
  route('get', '/waitlist', '自分のキャンセル待ち（順番待ち・ご案内中）を一覧する', reservations, 'user', {
    query: waitlist.waitlistQuerySchema,
    response: waitlist.waitlistJsonSchema,
    answer: (req, services) => services.waitlist.mine(req.ctx, req.query),
  }),
  route('post', '/waitlist', '満席の日程のキャンセル待ちに登録する', reservations, 'user', {
    body: waitlist.joinWaitlistSchema,
    status: 201,
    errors: [404],
    response: waitlist.waitlistEntryJsonSchema,
    answer: (req, services) => services.waitlist.join(req.ctx, req.body),
  }),
  route('delete', '/waitlist/:id', 'キャンセル待ちを取り消す（ご案内中の席は辞退して次の方へ）', reservations, 'user', {
    errors: [409],
    response: waitlist.waitlistEntryJsonSchema,
    answer: (req, services) => services.waitlist.leave(req.ctx, req.params),
  }),
];
