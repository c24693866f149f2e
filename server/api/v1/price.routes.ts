// GET /api/v1/experiences/{tour_id}/price?calendar_ids[]=..&number_of_people=..&option_id=..&coupon_code=..
// -> {tour, discount, option, service_fee, processing_fee, total}; 404 with message; 422 with a messages map.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function priceRoutes(router: Router, services: Services): void {
  router.get('/experiences/:tour_id/price', async (req, res) => {
    res.json(await services.reservations.quote(req.ctx, { ...req.query, tour_id: req.params.tour_id }));
  });
}
