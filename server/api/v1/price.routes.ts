// GET /api/v1/experiences/{tour_id}/price?calendar_ids[]=..&number_of_people=..&option_id=..&coupon_code=..
// -> {tour, discount, option, service_fee, processing_fee, total}; 404 with message; 422 with a messages map.
import { quoteJsonSchema, quoteSchema } from '#src/modules/reservations/reservations.schemas';
import { route, type ApiRoute } from '#server/api/route';

export const priceRoutes: ApiRoute[] = [
  route('get', '/experiences/:tour_id/price', '料金を見積もる', ['予約'], 'optional', {
    query: quoteSchema,
    response: quoteJsonSchema,
    answer: (req, services) => services.reservations.quote(req.ctx, { ...req.query, tour_id: req.params.tour_id }),
  }),
];
