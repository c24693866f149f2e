// Public slot reads (spec §7): an experience's slots in a window, and one slot by id.
import type { Router } from 'express';
import type { Services } from '#src/root';
import { publicCache } from '#src/lib/ttl-cache';

export function calendarsRoutes(router: Router, services: Services): void {
  // Availability for guests (no reserved_calendar_ids) is shared for a few seconds at most.
  const windowCache = publicCache<Awaited<ReturnType<Services['calendars']['listForExperience']>>>(services.env.PUBLIC_CACHE_SECONDS);

  // ?from_date&to_date (yyyy-MM-dd, at most 93 days)
  router.get('/experiences/:id/calendars', async (req, res) => {
    const load = () => services.calendars.listForExperience(req.ctx, { ...req.query, id: req.params.id });
    const key = `${req.params.id}|${String(req.query.from_date ?? '')}|${String(req.query.to_date ?? '')}`;
    res.json(windowCache && !req.actor ? await windowCache.get(key, load) : await load());
  });

  router.get('/calendars/:id', async (req, res) => {
    res.json(await services.calendars.get(req.ctx, req.params));
  });
}
