// Ambassadors (guest-and-host.md §7, admin-and-brand-portal.md §7): public reads (published only for everyone
// but ADMIN; 404 answers messages.ambassador), and the administrator's create, update and members calls (the
// services require ADMIN).
import type { Router, Request } from 'express';
import type { Services } from '#src/root';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

export function ambassadorsRoutes(router: Router, services: Services): void {
  router.get('/ambassadors', async (req, res) => {
    res.json(await services.ambassadors.list(req.ctx, req.query));
  });

  router.get('/ambassadors/:id', async (req, res) => {
    res.json(await services.ambassadors.detail(req.ctx, req.params));
  });

  router.get('/ambassadors/:id/communities', async (req, res) => {
    res.json(await services.ambassadors.communities(req.ctx, req.params));
  });

  router.post('/ambassadors', async (req, res) => {
    res.status(201).json(await services.ambassadors.create(req.ctx, req.body));
  });

  router.put('/ambassadors/:id', async (req, res) => {
    res.json(await services.ambassadors.update(req.ctx, input(req)));
  });

  router.get('/ambassadors/:ambassador_id/members', async (req, res) => {
    res.json(await services.ambassadors.members(req.ctx, req.params));
  });

  // The list screen's delete, and the portal-side variant: both unlink the user (never delete the account).
  router.delete('/ambassadors/:ambassador_id/members/:user_id', async (req, res) => {
    await services.ambassadors.removeMember(req.ctx, req.params);
    res.status(204).end();
  });

  router.delete('/ambassadors/:ambassador_id/members/:user_id/association', async (req, res) => {
    await services.ambassadors.removeMember(req.ctx, req.params);
    res.status(204).end();
  });

  router.post('/ambassadors/:ambassador_id/members/:user_id/association', async (req, res) => {
    res.status(201).json(await services.ambassadors.addMember(req.ctx, req.params));
  });
}
