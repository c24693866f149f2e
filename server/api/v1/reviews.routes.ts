// Public reviews of an experience (spec §7), newest first, ?page.
import { Router } from 'express';
import type { Services } from '#src/root';

export function reviewsRoutes(services: Services): Router {
  const router = Router();

  router.get('/experiences/:id/reviews', async (req, res) => {
    res.json(await services.reviews.listForExperience(req.ctx, { ...req.query, id: req.params.id }));
  });

  return router;
}
