// Inquiry forms (guest-and-host.md §2, §7): the brand and ambassador program inquiry and the general contact.
// Open to guests, so each address is rate-limited; a success sets the flag of its completion page.
import type { Router } from 'express';
import type { Services } from '#src/root';
import { hit } from '#src/lib/rate-limit';
import { setCompletion } from '#server/completion';
import { BRAND_INQUIRY_FLAG, CONTACT_INQUIRY_FLAG } from '#src/modules/inquiries/inquiries.schemas';

export function inquiriesRoutes(router: Router, services: Services): void {
  router.post('/brand_and_ambassador_inquiries', async (req, res) => {
    await hit(req.ctx.em, [{ key: `inquiry:ip:${req.ip}`, max: 20, windowSeconds: 3600 }]);
    const inquiry = await services.inquiries.createBrandInquiry(req.ctx, req.body);
    setCompletion(req, BRAND_INQUIRY_FLAG);
    res.status(201).json(inquiry);
  });

  router.post('/contact_inquiries', async (req, res) => {
    await hit(req.ctx.em, [{ key: `contact:ip:${req.ip}`, max: 20, windowSeconds: 3600 }]);
    const inquiry = await services.inquiries.createContactInquiry(req.ctx, req.body);
    setCompletion(req, CONTACT_INQUIRY_FLAG);
    res.status(201).json(inquiry);
  });

  // The administrator's list and handling (admin-and-brand-portal.md §7; the service requires ADMIN).
  router.get('/brand_and_ambassador_inquiries', async (req, res) => {
    res.json(await services.inquiries.list(req.ctx, req.query));
  });

  router.get('/brand_and_ambassador_inquiries/:id', async (req, res) => {
    res.json(await services.inquiries.detail(req.ctx, req.params));
  });

  router.put('/brand_and_ambassador_inquiries/:id', async (req, res) => {
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    res.json(await services.inquiries.setResolved(req.ctx, { ...body, ...req.params }));
  });

  router.get('/contact_inquiries', async (req, res) => {
    res.json(await services.inquiries.contactList(req.ctx, req.query));
  });

  router.get('/contact_inquiries/:id', async (req, res) => {
    res.json(await services.inquiries.contactDetail(req.ctx, req.params));
  });

  router.put('/contact_inquiries/:id', async (req, res) => {
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    res.json(await services.inquiries.contactSetResolved(req.ctx, { ...body, ...req.params }));
  });
}
