// キャンセル待ち: GET /api/v1/waitlist (the guest's entries), POST /api/v1/waitlist (join a full slot's line, 201),
// DELETE /api/v1/waitlist/{id} (leave, or decline an offer).
import type { Router } from 'express';
import type { Services } from '#src/root';

export function waitlistRoutes(router: Router, services: Services): void {
  router.get('/waitlist', async (req, res) => {
    res.json(await services.waitlist.mine(req.ctx, req.query));
  });

  router.post('/waitlist', async (req, res) => {
    res.status(201).json(await services.waitlist.join(req.ctx, req.body));
  });

  router.delete('/waitlist/:id', async (req, res) => {
    res.json(await services.waitlist.leave(req.ctx, req.params));
  });
}
