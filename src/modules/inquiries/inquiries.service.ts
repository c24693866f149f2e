// Inquiries: the brand and ambassador program form (/brand_ambassador/inquiry) and the general contact form
// (/inquiry). Each inquiry is stored together with its mails (durable outbox, same transaction): a notice to
// the operator's office and, for the program inquiry, a confirmation to the sender (guest-and-host.md §2).
import { userOf, type Ctx } from '#src/lib/context';
import type { Env } from '#src/lib/env';
import { parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { BrandAndAmbassadorInquiry, ContactInquiry as ContactInquiryEntity } from './inquiries.entity';
import { brandInquirySchema, contactInquirySchema, type BrandInquiry, type ContactInquiry } from './inquiries.schemas';

export interface InquiriesDeps {
  env: Pick<Env, 'OFFICE_EMAIL' | 'APP_URL' | 'PORT'>;
}

export function inquiriesService(deps: InquiriesDeps) {
  const office = deps.env.OFFICE_EMAIL;
  const baseUrl = (deps.env.APP_URL ?? `http://localhost:${deps.env.PORT}`).replace(/\/$/, '');
  const t = ja.inquiries;

  /** POST /api/v1/brand_and_ambassador_inquiries */
  async function createBrandInquiry(ctx: Ctx, input: unknown): Promise<BrandInquiry> {
    const data = parseInput(brandInquirySchema, input);
    return ctx.em.transactional(async (em) => {
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
      return {
        id: inquiry.id,
        name: inquiry.name,
        company_name: inquiry.companyName,
        department_name: inquiry.departmentName ?? null,
        position_name: inquiry.positionName ?? null,
        email: inquiry.email,
        subject: data.subject,
        content: inquiry.content,
        resolved: false,
        created_at: new Date(inquiry.createdAt).toISOString(),
      };
    });
  }

  /** POST /api/v1/contact_inquiries: signed in or not; a signed-in sender is linked for the office. */
  async function createContactInquiry(ctx: Ctx, input: unknown): Promise<ContactInquiry> {
    const data = parseInput(contactInquirySchema, input);
    return ctx.em.transactional(async (em) => {
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

  return { createBrandInquiry, createContactInquiry };
}

export type InquiriesService = ReturnType<typeof inquiriesService>;
