// Reviews: the public list of an experience (spec §7, newest first, ?page); the guest's review of a
// reservation (201) and the host's one reply. Who may do what is stated by the service.
import { reviewJsonSchema, reviewsJsonSchema, reviewsQuerySchema } from '#src/modules/reviews/reviews.schemas';
import { replySchema, reviewSchema } from '#src/modules/reviews/review-posting.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { reviewsExample } from './reviews.examples';

export const reviewsRoutes: ApiRoute[] = [
  route('get', '/experiences/:id/reviews', '体験のレビューを取得する', ['体験'], 'none', {
    query: reviewsQuerySchema,
    response: reviewsJsonSchema,
    example: reviewsExample,
    answer: (req, services) => services.reviews.listForExperience(req.ctx, { ...req.query, id: req.params.id }),
  }),
  route('post', '/reservations/:id/review', '予約した体験のレビューを投稿する（体験の終了後、1予約1件）', ['予約'], 'user', {
    body: reviewSchema,
    status: 201,
    errors: [409],
    response: reviewJsonSchema,
    answer: (req, services) => services.reviews.post(req.ctx, { ...req.body, id: req.params.id }),
  }),
  route('post', '/reviews/:id/reply', 'レビューにホストとして返信する（1回のみ）', ['ホスト'], 'user', {
    body: replySchema,
    errors: [409],
    response: reviewJsonSchema,
    answer: (req, services) => services.reviews.reply(req.ctx, { ...req.body, id: req.params.id }),
  }),
];
