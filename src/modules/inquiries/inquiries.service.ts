// Inquiries: the brand and ambassador program form (/brand_ambassador/inquiry) and the general contact form
// (/inquiry). Each inquiry is stored together with its mails (durable outbox, same transaction): a notice to
// the operator's office and, for the program inquiry, a confirmation to the sender (guest-and-host.md §2).
import { readPage } from '#src/lib/paging';
import type { FilterQuery } from '@mikro-orm/postgresql';
import { requireAdmin, userOf, type Ctx, withEm } from '#src/lib/context';
import { NotFoundError } from '#src/lib/errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import type { AuditService } from '#src/modules/audit/audit.service';
import { BrandAndAmbassadorInquiry, ContactInquiry as ContactInquiryEntity, type IBrandAndAmbassadorInquiry } from './inquiries.entity';
import {
  INQUIRIES_PAGE_SIZE,
  brandInquirySchema,
  contactInquirySchema,
  inquiryListQuerySchema,
  inquiryResolvedSchema,
  type BrandInquiry,
  type ContactInquiry,
  type InquiryListResponse,
} from './inquiries.schemas';
import { transaction } from '#src/lib/transaction';

export interface InquiriesDeps {
  env: Pick<Env, 'OFFICE_EMAIL' | 'APP_URL' | 'PORT'>;
  audit: AuditService;
}

const inquiryNotFound = () => new NotFoundError(ja.adminApi.inquiryNotFound, 'inquiry');

function toJson(inquiry: IBrandAndAmbassadorInquiry): BrandInquiry {
  return {
    id: inquiry.id,
    name: inquiry.name,
    company_name: inquiry.companyName,
    department_name: inquiry.departmentName ?? null,
    position_name: inquiry.positionName ?? null,
    email: inquiry.email,
    subject: inquiry.subject,
    content: inquiry.content,
    resolved: inquiry.resolved ?? false,
    created_at: new Date(inquiry.createdAt).toISOString(),
  };
}

function idOf(input: unknown): number | null {
  if (input == null || typeof input !== 'object') return parseId(input);
  return parseId((input as Record<string, unknown>).id);
}

export function createInquiriesService(deps: InquiriesDeps) {
  const { audit } = deps;
  const office = deps.env.OFFICE_EMAIL;
  const baseUrl = publicBaseUrl(deps.env);
  const t = ja.inquiries;

  /** POST /api/v1/brand_and_ambassador_inquiries */
  async function createBrandInquiry(ctx: Ctx, input: unknown): Promise<BrandInquiry> {
    const data = parseInput(brandInquirySchema, input);
    return transaction(ctx.em, async (em) => {
      const inquiry = em.create(BrandAndAmbassadorInquiry, {
        name: data.name,
        companyName: data.company_name,
        departmentName: data.department_name,
        positionName: data.position_name,
        email: data.email,
        subject: data.subject,
        content: data.content,
      });
      await em.flush();
      const subject = t.subjects[data.subject].label;
      await enqueueMail(em, [
        {
          dedupeKey: `inquiry:${inquiry.id}:office`,
          to: office,
          subject: t.mail.officeSubject(subject, data.company_name),
          text: t.mail.officeText({
            id: inquiry.id,
            name: data.name,
            company: data.company_name,
            department: data.department_name,
            position: data.position_name,
            email: data.email,
            subject,
            content: data.content,
            url: `${baseUrl}/admin/brand_ambassador_inquiries`,
          }),
        },
        {
          dedupeKey: `inquiry:${inquiry.id}:sender`,
          to: data.email,
          subject: t.mail.senderSubject,
          text: t.mail.senderText({ name: data.name, subject, content: data.content }),
        },
      ]);
      return toJson(inquiry);
    });
  }

  /** POST /api/v1/contact_inquiries: signed in or not; a signed-in sender is linked for the office. */
  async function createContactInquiry(ctx: Ctx, input: unknown): Promise<ContactInquiry> {
    const data = parseInput(contactInquirySchema, input);
    return transaction(ctx.em, async (em) => {
      const inquiry = em.create(ContactInquiryEntity, {
        name: data.name,
        email: data.email,
        content: data.content,
        user: userOf(ctx)?.id ?? null,
      });
      await em.flush();
      await enqueueMail(em, [
        {
          dedupeKey: `contact:${inquiry.id}:office`,
          to: office,
          subject: t.mail.contactSubject(data.name),
          text: t.mail.contactText({
            id: inquiry.id,
            name: data.name,
            email: data.email,
            content: data.content,
            user: userOf(ctx) ? `${userOf(ctx)?.name} (ID: ${userOf(ctx)?.id})` : '-',
          }),
        },
      ]);
      return {
        id: inquiry.id,
        name: inquiry.name,
        email: inquiry.email,
        content: inquiry.content,
        created_at: new Date(inquiry.createdAt).toISOString(),
      };
    });
  }

  /**
   * GET /api/v1/brand_and_ambassador_inquiries?page=&resolved=&subject= (ADMIN; the CLI with operator()):
   * newest first, INQUIRIES_PAGE_SIZE a page.
   */
  async function list(ctx: Ctx, input: unknown = {}): Promise<InquiryListResponse> {
    requireAdmin(ctx);
    const { page, resolved, subject } = parseInput(inquiryListQuerySchema, input);
    const where: FilterQuery<IBrandAndAmbassadorInquiry> = {};
    if (resolved !== undefined) where.resolved = resolved;
    if (subject !== undefined) where.subject = subject;
    const { rows, meta } = await readPage(page, INQUIRIES_PAGE_SIZE, (limit, offset) =>
      ctx.em.findAndCount(BrandAndAmbassadorInquiry, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset }),
    );
    return {
      inquiries: rows.map(toJson),
      meta,
    };
  }

  /** GET /api/v1/brand_and_ambassador_inquiries/{id} (ADMIN). */
  async function detail(ctx: Ctx, input: unknown): Promise<BrandInquiry> {
    requireAdmin(ctx);
    const id = idOf(input);
    if (!id) throw inquiryNotFound();
    const inquiry = await ctx.em.findOne(BrandAndAmbassadorInquiry, { id });
    if (!inquiry) throw inquiryNotFound();
    return toJson(inquiry);
  }

  /** PUT /api/v1/brand_and_ambassador_inquiries/{id} {resolved} (ADMIN; the CLI's resolve/unresolve). */
  async function setResolved(ctx: Ctx, input: unknown): Promise<BrandInquiry> {
    requireAdmin(ctx);
    const id = idOf(input);
    if (!id) throw inquiryNotFound();
    const { resolved } = parseInput(inquiryResolvedSchema, input);
    return transaction(ctx.em, async (em) => {
      const inquiry = await em.findOne(BrandAndAmbassadorInquiry, { id });
      if (!inquiry) throw inquiryNotFound();
      if (inquiry.resolved !== resolved) {
        const before = { resolved: inquiry.resolved };
        inquiry.resolved = resolved;
        audit.record(withEm(ctx, em), {
          entityType: 'inquiry',
          entityId: id,
          action: resolved ? 'resolve' : 'unresolve',
          before,
          after: { resolved },
        });
        await em.flush();
      }
      return toJson(inquiry);
    });
  }

  return { createBrandInquiry, createContactInquiry, list, detail, setResolved };
}

export type InquiriesService = ReturnType<typeof createInquiriesService>;
