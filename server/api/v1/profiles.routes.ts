// GET /api/v1/profiles/{id}: a host's public profile (the /users/{id} page reads the same service).
import type { Router } from 'express';
import type { Services } from '#src/root';

export function profilesRoutes(router: Router, services: Services): void {
  router.get('/profiles/:id', async (req, res) => {
    res.json(await services.profiles.publicProfile(req.ctx, req.params));
  });
}
