// The host's bookings: GET /api/v1/host/reservations, GET /api/v1/host/calendars/{id}/participants
// (JSON, or a CSV file with `Accept: text/csv` or `?format=csv` for a plain download link) and
// GET /api/v1/host/holding_requests.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function hostReservationsRoutes(router: Router, services: Services): void {
  router.get('/host/reservations', async (req, res) => {
    res.json(await services.hostReservations.list(req.ctx, req.query));
  });

  router.get('/host/calendars/:id/participants', async (req, res) => {
    const input = { ...req.query, ...req.params };
    const csv =
      req.query.format === 'csv' || (req.query.format === undefined && req.accepts(['application/json', 'text/csv']) === 'text/csv');
    if (!csv) {
      res.json(await services.hostReservations.participants(req.ctx, input));
      return;
    }
    const file = await services.hostReservations.participantsCsv(req.ctx, input);
    res.type('text/csv; charset=utf-8').attachment(file.filename).send(file.body);
  });

  router.get('/host/holding_requests', async (req, res) => {
    res.json(await services.holdingRequests.listForHost(req.ctx, req.query));
  });
}
