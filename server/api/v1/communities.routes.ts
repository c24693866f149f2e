// Public community detail and community applications (guest-and-host.md §7).
import type { Router } from 'express';
import type { Services } from '#src/root';
import { requireUser } from '#server/middleware/context';
import { setCompletion } from '#server/completion';
import { applicationFlag } from '#src/modules/communities/communities.schemas';

export function communitiesRoutes(router: Router, services: Services): void {
  router.get('/communities/:id/detail', async (req, res) => {
    res.json(await services.communities.detail(req.ctx, req.params.id));
  });

  router.post('/community_applications', requireUser, async (req, res) => {
    const application = await services.communities.apply(req.ctx, req.body);
    // Lets /communities/{id}/registrations/complete show the completion text (spec §4).
    setCompletion(req, applicationFlag(application.community_id));
    res.status(201).json(application);
  });
}
