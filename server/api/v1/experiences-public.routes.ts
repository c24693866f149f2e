// Public experience reads (spec guest-and-host.md §7). GET /api/v1/experiences (no id) is the host's own list and
// lives with the host routes; the /stories list is GET /api/v1/stories.
import type { Router } from 'express';
import type { Services } from '#src/root';
import { publicCache } from '#src/lib/ttl-cache';

export function experiencesPublicRoutes(router: Router, services: Services): void {
  // Guests all get the same JSON for a published experience (the host and admins get more): share it briefly.
  const detailCache = publicCache<Awaited<ReturnType<Services['experiences']['detail']>>>(services.env.PUBLIC_CACHE_SECONDS);

  // ?page&state&category_id&theme_id
  router.get('/stories', async (req, res) => {
    res.json(await services.experiences.list(req.ctx, req.query));
  });

  router.get('/experiences/:id', async (req, res) => {
    const load = () => services.experiences.detail(req.ctx, req.params);
    res.json(detailCache && !req.actor ? await detailCache.get(req.params.id, load) : await load());
  });

  router.get('/experiences/:id/other_experiences', async (req, res) => {
    res.json(await services.experiences.otherExperiences(req.ctx, req.params));
  });
}
