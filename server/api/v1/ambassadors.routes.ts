// Ambassadors (guest-and-host.md §7, admin-and-brand-portal.md §7): public reads of published ambassadors
// (404 answers messages.ambassador), and creation by an administrator.
import { Router } from 'express';
import type { Services } from '#src/root';
import { requireAdmin } from '#server/middleware/context';

export function ambassadorsRoutes(services: Services): Router {
  const router = Router();

  router.get('/ambassadors', async (req, res) => {
    res.json(await services.ambassadors.list(req.ctx, req.query));
  });

  router.get('/ambassadors/:id', async (req, res) => {
    res.json(await services.ambassadors.detail(req.ctx, req.params.id));
  });

  router.get('/ambassadors/:id/communities', async (req, res) => {
    res.json(await services.ambassadors.communities(req.ctx, req.params.id));
  });

  router.post('/ambassadors', requireAdmin, async (req, res) => {
    res.status(201).json(await services.ambassadors.create(req.ctx, req.body));
  });

  return router;
}
