// Inquiry forms: /brand_ambassador/inquiry (brand and ambassador program) and /inquiry (general contact).
// Shared by the forms and the service. Browser-safe. Spec: guest-and-host.md §2, §5; admin-and-brand-portal.md §3.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { dateTimeJson, emailText, idJson, pageMetaJson, requiredText, reservationNumber, type InputOf } from '#src/lib/isomorphic/validate';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { booleanFilter, choiceFilter, dayFilter, keywordFilter, rangeInOrder } from '#src/lib/isomorphic/list-filters';
import { INQUIRY_SUBJECTS, type InquirySubject } from './inquiries.shared';

const v = ja.inquiries.validation;
const t = ja.inquiries;

export const INQUIRY_NAME_MAX = 100;
export const INQUIRY_TEXT_MAX = 255;
export const INQUIRY_CONTENT_MAX = 5000;

/** The sender's address, kept as typed (not lower-cased). */
const inquiryEmailSchema = emailText(
  { required: v.emailRequired, tooShort: v.emailTooShort, tooLong: v.textTooLong(t.email, 255), invalid: v.emailInvalid },
  { lowerCase: false },
);

/** POST /api/v1/brand_and_ambassador_inquiries: all seven fields required. */
export const brandInquirySchema = z.object({
  name: requiredText(v.nameRequired, v.nameTooLong, INQUIRY_NAME_MAX),
  company_name: requiredText(v.companyNameRequired, v.textTooLong(t.companyName, INQUIRY_TEXT_MAX), INQUIRY_TEXT_MAX),
  department_name: requiredText(v.departmentNameRequired, v.textTooLong(t.departmentName, INQUIRY_TEXT_MAX), INQUIRY_TEXT_MAX),
  position_name: requiredText(v.positionNameRequired, v.textTooLong(t.positionName, INQUIRY_TEXT_MAX), INQUIRY_TEXT_MAX),
  email: inquiryEmailSchema,
  subject: z.enum(INQUIRY_SUBJECTS, { error: v.subjectRequired }),
  content: requiredText(v.contentRequired, v.contentTooLong(INQUIRY_CONTENT_MAX), INQUIRY_CONTENT_MAX, { multiLine: true }),
});
export type BrandInquiryInput = InputOf<typeof brandInquirySchema>;

/** POST /api/v1/contact_inquiries: the general contact form (/inquiry). */
export const contactInquirySchema = z.object({
  name: requiredText(v.nameRequired, v.nameTooLong, INQUIRY_NAME_MAX),
  email: inquiryEmailSchema,
  /** Optional: the reservation the message is about (its number, as the confirmation mail shows it). */
  reservation_number: reservationNumber(v.reservationNumberInvalid),
  content: requiredText(v.contentRequired, v.contentTooLong(INQUIRY_CONTENT_MAX), INQUIRY_CONTENT_MAX, { multiLine: true }),
});
export type ContactInquiryInput = InputOf<typeof contactInquirySchema>;

/** The spec's Inquiry (admin-and-brand-portal.md §3). */
export interface BrandInquiry {
  id: number;
  name: string;
  company_name: string;
  department_name: string | null;
  position_name: string | null;
  email: string;
  subject: InquirySubject;
  content: string;
  resolved: boolean;
  created_at: string;
}

export interface ContactInquiry {
  id: number;
  name: string;
  email: string;
  content: string;
  created_at: string;
}

/** A general inquiry as the administrator sees it: the list row and the detail (the brand inquiry's shape where they share fields). */
export interface ContactInquiryAdmin {
  id: number;
  name: string;
  email: string;
  content: string;
  resolved: boolean;
  created_at: string;
  /** The signed-in sender's account, if any. */
  user_id: number | null;
  /** The number the sender typed. */
  reservation_number: number | null;
  /** The reservation it names, when it is the sender's own. */
  reservation: { id: number; experience_title: string; status: string } | null;
}

export interface ContactInquiryListResponse {
  inquiries: ContactInquiryAdmin[];
  meta: InquiryListMeta;
}

/** Session flags that let the completion pages show their text. */
export const BRAND_INQUIRY_FLAG = 'brandInquiry';
export const CONTACT_INQUIRY_FLAG = 'contactInquiry';

// ---- Administrator area: /admin/brand_ambassador_inquiries and the CLI -------------------------------------------

/** Inquiries per page in the admin list (the spec leaves the size open). */
export const INQUIRIES_PAGE_SIZE = 20;

/**
 * The admin inquiry list's filters (the API's query, the page's URL and the CLI's list-inquiries: one schema):
 * page, 未対応/対応済み, subject, a keyword over name, e-mail, company and content, and a date range (Japan time,
 * both days included).
 */
const inquiryFilters = listQuerySchema.extend({
  resolved: booleanFilter(),
  subject: choiceFilter(INQUIRY_SUBJECTS),
  q: keywordFilter(),
  since: dayFilter(ja.inquiryExport.sinceInvalid),
  until: dayFilter(ja.inquiryExport.untilInvalid),
});

/** GET /api/v1/brand_and_ambassador_inquiries?page=&resolved=&subject=&q=&since=&until= (newest first). */
export const inquiryListQuerySchema = inquiryFilters.refine(rangeInOrder, { error: ja.inquiryExport.rangeOrder, path: ['until'] });
export type InquiryListQuery = InputOf<typeof inquiryListQuerySchema>;

/** PUT /api/v1/brand_and_ambassador_inquiries/{id}: body {resolved}. */
export const inquiryResolvedSchema = z.object({
  resolved: z.boolean({ error: ja.adminApi.inquiries.resolvedRequired }),
});
export type InquiryResolvedInput = z.input<typeof inquiryResolvedSchema>;

export interface InquiryListMeta {
  current_page: number;
  total_pages: number;
  total_count: number;
}

export interface InquiryListResponse {
  inquiries: BrandInquiry[];
  meta: InquiryListMeta;
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

export const brandInquiryJsonSchema = z
  .object({
    id: idJson(),
    name: z.string(),
    company_name: z.string(),
    department_name: z.string().nullable(),
    position_name: z.string().nullable(),
    email: z.string(),
    subject: z.enum(INQUIRY_SUBJECTS),
    content: z.string(),
    resolved: z.boolean(),
    created_at: dateTimeJson(),
  })
  .meta({ id: 'BrandInquiry', description: 'ブランド・アンバサダーの問い合わせ' }) satisfies z.ZodType<BrandInquiry>;

export const contactInquiryJsonSchema = z
  .object({ id: idJson(), name: z.string(), email: z.string(), content: z.string(), created_at: dateTimeJson() })
  .meta({ id: 'ContactInquiry', description: 'お問い合わせ' }) satisfies z.ZodType<ContactInquiry>;

/** GET /api/v1/contact_inquiries: the same filters but the subject (a general inquiry has none). */
export const contactInquiryListQuerySchema = inquiryFilters
  .omit({ subject: true })
  .refine(rangeInOrder, { error: ja.inquiryExport.rangeOrder, path: ['until'] });
export type ContactInquiryListQuery = InputOf<typeof contactInquiryListQuerySchema>;

export const contactInquiryAdminJsonSchema = z
  .object({
    id: idJson(),
    name: z.string(),
    email: z.string(),
    content: z.string(),
    resolved: z.boolean(),
    created_at: dateTimeJson(),
    user_id: idJson().nullable(),
    reservation_number: z.number().int().nullable(),
    reservation: z.object({ id: idJson(), experience_title: z.string(), status: z.string() }).nullable(),
  })
  .meta({ id: 'ContactInquiryAdmin', description: '一般のお問い合わせ（管理者向け）' }) satisfies z.ZodType<ContactInquiryAdmin>;

export const contactInquiryListJsonSchema = z
  .object({ inquiries: z.array(contactInquiryAdminJsonSchema), meta: pageMetaJson() })
  .meta({ id: 'ContactInquiryList', description: '一般のお問い合わせ（新しい順）' }) satisfies z.ZodType<ContactInquiryListResponse>;

export const inquiryListJsonSchema = z
  .object({ inquiries: z.array(brandInquiryJsonSchema), meta: pageMetaJson() })
  .meta({ id: 'BrandInquiryList', description: '問い合わせ（新しい順）' }) satisfies z.ZodType<InquiryListResponse>;
