// POST /api/v1/experiences/{id}/holding_requests (spec §7). No requireUser: the service answers 403 when signed
// out, which the spec's client turns into a redirect to /logon.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function holdingRequestsRoutes(router: Router, services: Services): void {
  router.post('/experiences/:id/holding_requests', async (req, res) => {
    res.status(201).json(await services.holdingRequests.create(req.ctx, req.params));
  });
}
