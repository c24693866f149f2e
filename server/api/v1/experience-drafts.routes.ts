// Experience drafts (spec guest-and-host.md §7): the signed-in user's own drafts only (stated by the service).
import type { Router } from 'express';
import type { Services } from '#src/root';

export function experienceDraftsRoutes(router: Router, services: Services): void {
  router.get('/experience_drafts', async (req, res) => {
    res.json(await services.experienceDrafts.list(req.ctx, req.query));
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

  // A host deletes their own draft (the page asks for confirmation first).
  router.delete('/experience_drafts/:id', async (req, res) => {
    await services.experienceDrafts.remove(req.ctx, req.params);
    res.status(204).end();
  });
}
