// Public slot reads (spec §7): an experience's slots in a window, and one slot by id.
import { Router } from 'express';
import type { Services } from '../../../src/services';

export function calendarsRoutes(services: Services): Router {
  const router = Router();

  // ?from_date&to_date (yyyy-MM-dd, at most 93 days)
  router.get('/experiences/:id/calendars', async (req, res) => {
    res.json(await services.calendars.listForExperience(req.ctx, req.params.id, req.query));
  });

  router.get('/calendars/:id', async (req, res) => {
    res.json(await services.calendars.get(req.ctx, req.params.id));
  });

  return router;
}
