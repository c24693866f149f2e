// The message thread of a reservation: GET and POST /api/v1/reservations/{id}/messages, for its guest
// and its host side only (404 for everybody else).
import type { Router } from 'express';
import type { Services } from '#src/root';

export function reservationMessagesRoutes(router: Router, services: Services): void {
  router.get('/reservations/:id/messages', async (req, res) => {
    res.json(await services.reservationMessages.list(req.ctx, req.params));
  });

  router.post('/reservations/:id/messages', async (req, res) => {
    res.status(201).json(await services.reservationMessages.post(req.ctx, { ...req.body, ...req.params }));
  });
}
