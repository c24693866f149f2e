// GET /api/v1/users?q= (admin host search; spec guest-and-host.md §7, admin-and-brand-portal.md §7).
import { Router } from 'express';
import type { Services } from '#src/root';
import { requireAdmin } from '#server/middleware/context';

export function userSearchRoutes(services: Services): Router {
  const router = Router();

  router.get('/users', requireAdmin, async (req, res) => {
    res.json(await services.userSearch.search(req.ctx, req.query));
  });

  return router;
}
