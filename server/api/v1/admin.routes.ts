// The administrator area's own calls (admin-and-brand-portal.md §7 /admin/communities; the audit trail and the
// experience approval queue, not in the spec). Every service method requires ADMIN itself (401 signed out,
// 403 otherwise), so routes only pass the input along.
import type { Router, Request } from 'express';
import type { Services } from '#src/root';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

export function adminRoutes(router: Router, services: Services): void {
  router.get('/admin/communities', async (req, res) => {
    res.json(await services.communities.adminList(req.ctx, req.query));
  });

  router.put('/admin/communities/:id/brand', async (req, res) => {
    res.json(await services.communities.assignBrand(req.ctx, input(req)));
  });

  router.post('/admin/communities', async (req, res) => {
    res.status(201).json(await services.communities.create(req.ctx, input(req)));
  });

  router.get('/admin/communities/:id', async (req, res) => {
    res.json(await services.communities.adminDetail(req.ctx, req.params));
  });

  router.patch('/admin/communities/:id', async (req, res) => {
    res.json(await services.communities.update(req.ctx, input(req)));
  });

  router.get('/admin/dashboard', async (req, res) => {
    res.json(await services.dashboards.admin(req.ctx, req.query));
  });

  router.get('/admin/audit', async (req, res) => {
    res.json(await services.audit.trail(req.ctx, req.query));
  });

  router.get('/admin/experiences', async (req, res) => {
    res.json(await services.experienceApprovals.pending(req.ctx, req.query));
  });

  router.post('/admin/experiences/:id/approval', async (req, res) => {
    res.json(await services.experienceApprovals.approve(req.ctx, req.params));
  });

  router.post('/admin/experiences/:id/rejection', async (req, res) => {
    res.status(201).json(await services.experienceApprovals.reject(req.ctx, input(req)));
  });

  router.get('/admin/coupons', async (req, res) => {
    res.json(await services.coupons.list(req.ctx, req.query));
  });

  router.post('/admin/coupons', async (req, res) => {
    res.status(201).json(await services.coupons.create(req.ctx, input(req)));
  });

  router.get('/admin/coupons/:id', async (req, res) => {
    res.json(await services.coupons.detail(req.ctx, req.params));
  });

  router.patch('/admin/coupons/:id', async (req, res) => {
    res.json(await services.coupons.update(req.ctx, input(req)));
  });

  router.post('/admin/coupons/:id/deactivation', async (req, res) => {
    res.json(await services.coupons.deactivate(req.ctx, req.params));
  });
}
