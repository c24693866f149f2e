// The host side of experiences. Only these exact paths: GET /experiences/{id} and the /stories list
// belong to experiences-public.routes.ts.
import type { Router } from 'express';
import type { Services } from '#src/root';
import { setCompletion } from '#server/completion';
import { HOST_STORY_COMPLETE_FLAG } from '#src/modules/experiences/experiences.host.schemas';

export function experiencesHostRoutes(router: Router, services: Services): void {
  // The host's own list (id, title, images, approve), ?page=.
  router.get('/experiences', async (req, res) => {
    res.json(await services.experiencesHost.listOwn(req.ctx, req.query));
  });

  // A publication request; the form then goes to /host_story/complete.
  router.post('/experiences', async (req, res) => {
    const experience = await services.experiencesHost.create(req.ctx, req.body);
    setCompletion(req, HOST_STORY_COMPLETE_FLAG);
    res.status(201).json(experience);
  });

  router.put('/experiences/:id', async (req, res) => {
    res.json(await services.experiencesHost.update(req.ctx, { ...req.body, id: req.params.id }));
  });

  // The draft-save button of an experience awaiting publication (the request is withdrawn).
  router.post('/experiences/:id/draft', async (req, res) => {
    res.status(201).json(await services.experiencesHost.withdrawToDraft(req.ctx, { ...req.body, id: req.params.id }));
  });
}
