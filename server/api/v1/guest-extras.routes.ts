// Favourites (the heart: PUT/DELETE /experiences/{id}/favorite, the guest's list GET /favorites) and カレンダーに追加
// (GET /reservations/{id}/calendar.ics, the file the reservation mails attach). Who may do what is stated by the
// services.
import type { Router } from 'express';
import type { Services } from '#src/root';

export function guestExtrasRoutes(router: Router, services: Services): void {
  router.put('/experiences/:id/favorite', async (req, res) => {
    res.json(await services.favorites.add(req.ctx, req.params));
  });

  router.delete('/experiences/:id/favorite', async (req, res) => {
    res.json(await services.favorites.remove(req.ctx, req.params));
  });

  router.get('/favorites', async (req, res) => {
    res.json(await services.favorites.list(req.ctx, req.query));
  });

  router.get('/reservations/:id/calendar.ics', async (req, res) => {
    const file = await services.reservationCalendar.file(req.ctx, req.params);
    // attachment() first: it sets the type from the file name, which the type with its `method` parameter replaces.
    res.attachment(file.filename).set('Content-Type', file.contentType).send(file.content);
  });
}
