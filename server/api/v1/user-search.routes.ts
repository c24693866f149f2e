// GET /api/v1/users?q=&exclude_ambassador_id= (ADMIN; the service checks): the admin user pickers.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function userSearchRoutes(router: Router, services: Services): void {
  router.get('/users', async (req, res) => {
    res.json(await services.userSearch.search(req.ctx, req.query));
  });
}
