// POST /api/v1/reservations (201 confirmed | 202 card authentication needed | 402 declined | 422 | 503 gateway down),
// POST /api/v1/reservations/{id}/confirm after 3-D Secure, GET /api/v1/reservations/{id}, the guest's list and
// cancellation and the host's slot cancellation, the guest's receipt (its state as JSON, the PDF); a confirmed reservation
// sets the completion flag that /reservations/complete consumes (server/completion.ts).
import type { Router, Request, Response } from 'express';
import type { Services } from '#src/root';
import { setCompletion } from '#server/completion';
import type { ReserveResult } from '#src/modules/reservations/reservations.service';
import { completionFlagKey } from '#src/modules/reservations/reservations.schemas';

/** Lets /reservations/complete?cid=..&tour_id=.. show the completion screen once. */
function answer(req: Request, res: Response, result: ReserveResult) {
  if (result.kind === 'requires_action') return res.status(202).json(result.action);
  const { reservation } = result;
  const key = completionFlagKey(
    reservation.tour_id,
    reservation.calendars.map((c) => c.id),
  );
  setCompletion(req, key);
  res.status(201).json(reservation);
}

export function reservationsRoutes(router: Router, services: Services): void {
  router.post('/reservations', async (req, res) => {
    // The attempt key may come as a header (API clients) or a field (the form).
    const body = { ...req.body, idempotency_key: req.body?.idempotency_key ?? req.get('idempotency-key') };
    answer(req, res, await services.reservations.reserve(req.ctx, body));
  });

  router.post('/reservations/:id/confirm', async (req, res) => {
    answer(req, res, await services.reservations.confirm(req.ctx, req.params));
  });

  router.get('/reservations/:id', async (req, res) => {
    res.json(await services.reservations.get(req.ctx, req.params));
  });

  // The guest's list, cancellation preview and cancellation; the host's whole-slot cancellation.
  router.get('/reservations', async (req, res) => {
    res.json(await services.reservations.list(req.ctx, req.query));
  });

  router.get('/reservations/:id/cancellation', async (req, res) => {
    res.json(await services.reservations.cancellationPreview(req.ctx, req.params));
  });

  router.post('/reservations/:id/cancellation', async (req, res) => {
    res.json(await services.reservations.cancel(req.ctx, { ...req.body, ...req.params }));
  });

  // The receipt: GET its state (the page's form), POST the PDF (each POST is one issuance: the second is 再発行).
  router.get('/reservations/:id/receipt', async (req, res) => {
    res.json(await services.receipts.state(req.ctx, req.params));
  });

  router.post('/reservations/:id/receipt', async (req, res) => {
    const file = await services.receipts.issue(req.ctx, { ...req.body, ...req.params });
    // A PDF's streams and font are compressed inside it already: sent as it is, not through the API's compression.
    res.type('application/pdf').attachment(file.filename).set('Content-Length', String(file.body.length)).end(file.body);
  });

  router.post('/host/calendars/:id/cancellation', async (req, res) => {
    res.json(await services.reservations.cancelSlot(req.ctx, { ...req.body, ...req.params }));
  });
}
