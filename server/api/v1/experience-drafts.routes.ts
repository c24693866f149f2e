// Experience drafts (issue 5; spec guest-and-host.md §7): the signed-in user's own drafts only (stated by the service).
import { Router } from 'express';
import type { Services } from '#src/root';

export function experienceDraftsRoutes(services: Services): Router {
  const router = Router();

  router.get('/experience_drafts', async (req, res) => {
    res.json(await services.experienceDrafts.list(req.ctx, {}));
  });

  router.post('/experience_drafts', async (req, res) => {
    res.status(201).json(await services.experienceDrafts.create(req.ctx, req.body));
  });

  router.get('/experience_drafts/:id', async (req, res) => {
    res.json(await services.experienceDrafts.get(req.ctx, req.params));
  });

  router.put('/experience_drafts/:id', async (req, res) => {
    res.json(await services.experienceDrafts.update(req.ctx, { ...req.body, id: req.params.id }));
  });

  return router;
}
