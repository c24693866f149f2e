// Inquiry forms (guest-and-host.md §2, §7): the brand and ambassador program inquiry and the general contact.
// Open to guests, so each address is rate-limited; a success sets the flag of its completion page.
import type { Request } from 'express';
import { hit } from '#src/lib/rate-limit';
import { setCompletion } from '#server/completion';
import {
  BRAND_INQUIRY_FLAG,
  brandInquiryJsonSchema,
  brandInquirySchema,
  CONTACT_INQUIRY_FLAG,
  contactInquiryAdminJsonSchema,
  contactInquiryJsonSchema,
  contactInquiryListJsonSchema,
  contactInquiryListQuerySchema,
  contactInquirySchema,
  inquiryListJsonSchema,
  inquiryListQuerySchema,
  inquiryResolvedSchema,
} from '#src/modules/inquiries/inquiries.schemas';
import { route, type ApiRoute } from '#server/api/route';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

const inquiries = ['問い合わせ'];

export const inquiriesRoutes: ApiRoute[] = [
  route('post', '/brand_and_ambassador_inquiries', 'ブランド・アンバサダーの問い合わせを送る', inquiries, 'optional', {
    body: brandInquirySchema,
    status: 201,
    errors: [429],
    response: brandInquiryJsonSchema,
    answer: async (req, services) => {
      await hit(req.ctx.em, [{ key: `inquiry:ip:${req.ip}`, max: 20, windowSeconds: 3600 }]);
      const inquiry = await services.inquiries.createBrandInquiry(req.ctx, req.body);
      setCompletion(req, BRAND_INQUIRY_FLAG);
      return inquiry;
    },
  }),
  route('post', '/contact_inquiries', 'お問い合わせを送る', inquiries, 'optional', {
    body: contactInquirySchema,
    status: 201,
    errors: [429],
    response: contactInquiryJsonSchema,
    answer: async (req, services) => {
      await hit(req.ctx.em, [{ key: `contact:ip:${req.ip}`, max: 20, windowSeconds: 3600 }]);
      const inquiry = await services.inquiries.createContactInquiry(req.ctx, req.body);
      setCompletion(req, CONTACT_INQUIRY_FLAG);
      return inquiry;
    },
  }),
  // The administrator's list and handling (admin-and-brand-portal.md §7; the service requires ADMIN).
  route('get', '/brand_and_ambassador_inquiries', '問い合わせを一覧する（管理者）', inquiries, 'admin', {
    query: inquiryListQuerySchema,
    response: inquiryListJsonSchema,
    answer: (req, services) => services.inquiries.list(req.ctx, req.query),
  }),
  route('get', '/brand_and_ambassador_inquiries/:id', '問い合わせの詳細を取得する（管理者）', inquiries, 'admin', {
    response: brandInquiryJsonSchema,
    answer: (req, services) => services.inquiries.detail(req.ctx, req.params),
  }),
  route('put', '/brand_and_ambassador_inquiries/:id', '問い合わせの対応状況を更新する（管理者）', inquiries, 'admin', {
    body: inquiryResolvedSchema,
    response: brandInquiryJsonSchema,
    answer: (req, services) => services.inquiries.setResolved(req.ctx, input(req)),
  }),
  route('get', '/contact_inquiries', '一般のお問い合わせを一覧する（管理者）', inquiries, 'admin', {
    query: contactInquiryListQuerySchema,
    response: contactInquiryListJsonSchema,
    answer: (req, services) => services.inquiries.contactList(req.ctx, req.query),
  }),
  route('get', '/contact_inquiries/:id', '一般のお問い合わせの詳細を取得する（管理者）', inquiries, 'admin', {
    response: contactInquiryAdminJsonSchema,
    answer: (req, services) => services.inquiries.contactDetail(req.ctx, req.params),
  }),
  route('put', '/contact_inquiries/:id', '一般のお問い合わせの対応状況を更新する（管理者）', inquiries, 'admin', {
    body: inquiryResolvedSchema,
    response: contactInquiryAdminJsonSchema,
    answer: (req, services) => services.inquiries.contactSetResolved(req.ctx, input(req)),
  }),
];
