// Experience drafts (issue 5; spec guest-and-host.md §7): the signed-in user's own drafts only.
import { Router } from 'express';
import type { Services } from '#src/services';
import { requireUser } from '#server/middleware/context';

export function experienceDraftsRoutes(services: Services): Router {
  const router = Router();

  router.get('/experience_drafts', requireUser, async (req, res) => {
    res.json(await services.experienceDrafts.list(req.ctx));
  });

  router.post('/experience_drafts', requireUser, async (req, res) => {
    res.status(201).json(await services.experienceDrafts.create(req.ctx, req.body));
  });

  router.get('/experience_drafts/:id', requireUser, async (req, res) => {
    res.json(await services.experienceDrafts.get(req.ctx, req.params.id));
  });

  router.put('/experience_drafts/:id', requireUser, async (req, res) => {
    res.json(await services.experienceDrafts.update(req.ctx, req.params.id, req.body));
  });

  return router;
}
