// Public brands (guest-and-host.md §7): published only; 404 answers messages.brand.
import { Router } from 'express';
import type { Services } from '#src/root';

export function brandsRoutes(services: Services): Router {
  const router = Router();

  router.get('/brands', async (req, res) => {
    res.json(await services.brands.list(req.ctx, req.query));
  });

  router.get('/brands/:id', async (req, res) => {
    res.json(await services.brands.detail(req.ctx, req.params.id));
  });

  router.get('/brands/:id/communities', async (req, res) => {
    res.json(await services.brands.communities(req.ctx, req.params.id));
  });

  return router;
}
