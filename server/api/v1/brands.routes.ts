// Brands (guest-and-host.md §7, admin-and-brand-portal.md §7): public reads (published only for everyone but
// ADMIN; 404 answers messages.brand), the administrator's create and update, and brand members with their
// invitations (the services require ADMIN).
import type { Router, Request } from 'express';
import type { Services } from '#src/root';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

export function brandsRoutes(router: Router, services: Services): void {
  router.get('/brands', async (req, res) => {
    res.json(await services.brands.list(req.ctx, req.query));
  });

  router.get('/brands/:id', async (req, res) => {
    res.json(await services.brands.detail(req.ctx, req.params));
  });

  router.get('/brands/:id/communities', async (req, res) => {
    res.json(await services.brands.communities(req.ctx, req.params));
  });

  router.post('/brands', async (req, res) => {
    res.status(201).json(await services.brands.create(req.ctx, req.body));
  });

  router.put('/brands/:id', async (req, res) => {
    res.json(await services.brands.update(req.ctx, input(req)));
  });

  router.post('/brands/:brand_id/members/invitation', async (req, res) => {
    res.status(201).json(await services.brandMembers.invite(req.ctx, input(req)));
  });

  router.get('/brands/:brand_id/members', async (req, res) => {
    res.json(await services.brandMembers.list(req.ctx, req.params));
  });

  router.delete('/brands/:brand_id/members/:id', async (req, res) => {
    await services.brandMembers.remove(req.ctx, req.params);
    res.status(204).end();
  });
}
