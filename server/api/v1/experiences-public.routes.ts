// Public experience reads (spec guest-and-host.md §7). GET /api/v1/experiences (no id) is the host's own list and
// lives with the host routes; the /stories list is GET /api/v1/stories.
import { Router } from 'express';
import type { Services } from '../../../src/services';

export function experiencesPublicRoutes(services: Services): Router {
  const router = Router();

  // ?page&state&category_id&theme_id
  router.get('/stories', async (req, res) => {
    res.json(await services.experiences.list(req.ctx, req.query));
  });

  router.get('/experiences/:id', async (req, res) => {
    res.json(await services.experiences.detail(req.ctx, req.params.id));
  });

  router.get('/experiences/:id/other_experiences', async (req, res) => {
    res.json(await services.experiences.otherExperiences(req.ctx, req.params.id));
  });

  return router;
}
