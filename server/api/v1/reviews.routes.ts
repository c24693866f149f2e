// Reviews: the public list of an experience (spec §7, newest first, ?page); the guest's review of a
// reservation (201) and the host's one reply. Who may do what is stated by the service.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function reviewsRoutes(router: Router, services: Services): void {
  router.get('/experiences/:id/reviews', async (req, res) => {
    res.json(await services.reviews.listForExperience(req.ctx, { ...req.query, id: req.params.id }));
  });

  router.post('/reservations/:id/review', async (req, res) => {
    res.status(201).json(await services.reviews.post(req.ctx, { ...req.body, id: req.params.id }));
  });

  router.post('/reviews/:id/reply', async (req, res) => {
    res.json(await services.reviews.reply(req.ctx, { ...req.body, id: req.params.id }));
  });
}
