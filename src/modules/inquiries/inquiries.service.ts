// Inquiries: the brand and ambassador program form (/brand_ambassador/inquiry) and the general contact form
// (/inquiry). Each inquiry is stored together with its mails (durable outbox, same transaction): a notice to
// the operator's office and, for the program inquiry, a confirmation to the sender (guest-and-host.md §2).
import { requireAdmin, userOf, type Ctx, withEm } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { inIdOrder, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { AuditService } from '#src/modules/audit/audit.service';
import { BrandAndAmbassadorInquiry, ContactInquiry as ContactInquiryEntity, type IContactInquiry } from './inquiries.entity';
import {
  reservationForInquiry,
  type ReservationForInquiry,
  reservationsForInquiries,
} from '#src/modules/reservations/reservations.repository';
import { type BrandInquiryRow, brandInquiryRows, type ContactInquiryRow, contactInquiryRows, contactRowOf } from './inquiry-rows';
import {
  INQUIRIES_PAGE_SIZE,
  brandInquirySchema,
  contactInquirySchema,
  inquiryListQuerySchema,
  inquiryResolvedSchema,
  contactInquiryListQuerySchema,
  type BrandInquiry,
  type ContactInquiry,
  type ContactInquiryAdmin,
  type ContactInquiryListResponse,
  type InquiryListResponse,
  type BrandInquiryInput,
  type ContactInquiryInput,
  type InquiryListQuery,
  type InquiryResolvedInput,
  type ContactInquiryListQuery,
} from './inquiries.schemas';
import { transaction } from '#src/lib/transaction';

export interface InquiriesDeps {
  env: Pick<Env, 'OFFICE_EMAIL' | 'APP_URL' | 'PORT'>;
  audit: AuditService;
}

const inquiryNotFound = () => new NotFoundError(ja.adminApi.inquiryNotFound, 'inquiry');

function toJson(inquiry: BrandInquiryRow): BrandInquiry {
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

function contactJson(inquiry: ContactInquiryRow, reservation: ReservationForInquiry | null): ContactInquiryAdmin {
  return {
    id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    content: inquiry.content,
    resolved: inquiry.resolved ?? false,
    created_at: new Date(inquiry.createdAt).toISOString(),
    user_id: inquiry.userId ?? null,
    reservation_number: inquiry.reservationNumber ?? null,
    reservation: reservation
      ? {
          id: reservation.id,
          experience_title: reservation.experienceTitle,
          status: ja.guestReservations.statuses[reservation.status] ?? reservation.status,
        }
      : null,
  };
}

/**
 * The filters both admin inquiry lists share (the keyword is found in each table's keyword text: the name, e-mail,
 * company and content of a program inquiry, the name, e-mail and content of a general one).
 */
function listFilters(q: { resolved?: boolean; subject?: string; q?: string; since?: string; until?: string }): Where {
  const where = new Where();
  if (q.resolved !== undefined) where.add('resolved = ?', q.resolved);
  if (q.subject !== undefined) where.add('subject = ?', q.subject);
  return where.keyword(listKeywordText(), q.q).days('created_at', q);
}

/** One page of inquiry ids, newest first (`pageOfIds`: a bounded count, the page rule). */
function inquiryPage(ctx: Ctx, table: string, where: Where, page: number) {
  return pageOfIds(
    ctx,
    {
      from: table,
      id: 'id',
      where,
      order: [
        ['created_at', 'DESC'],
        ['id', 'DESC'],
      ],
      size: INQUIRIES_PAGE_SIZE,
    },
    page,
  );
}

/**
 * The admin list of one sender's inquiries (the keyword matches the e-mail address), where the office's notice links:
 * the list shows the new inquiry with the sender's earlier ones.
 */
function senderInquiriesUrl(baseUrl: string, kind: 'brand' | 'contact', email: string): string {
  const query = new URLSearchParams(kind === 'contact' ? { kind, q: email } : { q: email });
  return `${baseUrl}/admin/brand_ambassador_inquiries?${query}`;
}

export function createInquiriesService(deps: InquiriesDeps) {
  const { audit } = deps;
  const office = deps.env.OFFICE_EMAIL;
  const baseUrl = publicBaseUrl(deps.env);
  const t = ja.inquiries;

  /** POST /api/v1/brand_and_ambassador_inquiries */
  async function createBrandInquiry(ctx: Ctx, input: BrandInquiryInput): Promise<BrandInquiry> {
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
          // The office answers the sender by replying to this mail.
          replyTo: data.email,
          footer: null,
          subject: t.mail.officeSubject(subject, data.company_name),
          text: mailText({
            name: null,
            baseUrl,
            body: t.mail.officeBody({
              id: inquiry.id,
              name: data.name,
              company: data.company_name,
              department: data.department_name,
              position: data.position_name,
              email: data.email,
              subject,
              content: data.content,
              url: senderInquiriesUrl(baseUrl, 'brand', data.email),
            }),
          }),
        },
        {
          dedupeKey: `inquiry:${inquiry.id}:sender`,
          // The address typed into the form, which need not be an account's.
          to: data.email,
          footer: null,
          subject: t.mail.senderSubject,
          text: mailText({ name: data.name, baseUrl, body: t.mail.senderBody({ subject, content: data.content }) }),
        },
      ]);
      return toJson(inquiry);
    });
  }

  /** POST /api/v1/contact_inquiries: signed in or not; a signed-in sender is linked for the office. */
  async function createContactInquiry(ctx: Ctx, input: ContactInquiryInput): Promise<ContactInquiry> {
    const data = parseInput(contactInquirySchema, input);
    const sender = userOf(ctx);
    // The number is linked only when it is the sender's own reservation (their account, or the e-mail the guest
    // booked with), so a mistyped or someone else's number never shows a stranger's booking beside the message.
    const named = data.reservation_number ? await reservationForInquiry(ctx.em, data.reservation_number) : null;
    const own = named && ((sender && named.userId === sender.id) || named.email.toLowerCase() === data.email.toLowerCase()) ? named : null;
    return transaction(ctx.em, async (em) => {
      const inquiry = em.create(ContactInquiryEntity, {
        name: data.name,
        email: data.email,
        content: data.content,
        user: sender?.id ?? null,
        reservationNumber: data.reservation_number ?? null,
        reservation: own?.id ?? null,
      });
      await em.flush();
      await enqueueMail(em, [
        {
          dedupeKey: `contact:${inquiry.id}:office`,
          to: office,
          replyTo: data.email,
          footer: null,
          subject: t.mail.contactSubject(data.name),
          text: mailText({
            name: null,
            baseUrl,
            body: t.mail.contactBody({
              id: inquiry.id,
              name: data.name,
              email: data.email,
              content: data.content,
              user: userOf(ctx) ? `${userOf(ctx)?.name} (ID: ${userOf(ctx)?.id})` : '-',
              reservation: data.reservation_number ? String(data.reservation_number) : '-',
              url: senderInquiriesUrl(baseUrl, 'contact', data.email),
            }),
          }),
        },
        {
          dedupeKey: `contact:${inquiry.id}:sender`,
          // The address typed into the form, which need not be an account's.
          to: data.email,
          footer: null,
          subject: t.mail.contactSenderSubject,
          text: mailText({ name: data.name, baseUrl, body: t.mail.contactSenderBody(inquiry.id) }),
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
   * GET /api/v1/brand_and_ambassador_inquiries?page=&resolved=&subject=&q=&since=&until= (ADMIN; the CLI's
   * list-inquiries with operator()): newest first, INQUIRIES_PAGE_SIZE a page.
   */
  async function list(ctx: Ctx, input: InquiryListQuery = {}): Promise<InquiryListResponse> {
    requireAdmin(ctx);
    const query = parseInput(inquiryListQuerySchema, input);
    const { page } = query;
    const { ids, meta } = await inquiryPage(ctx, 'brand_and_ambassador_inquiries', listFilters(query), page);
    const rows = inIdOrder(ids, await brandInquiryRows(ctx.sql, ids));
    return {
      inquiries: rows.map(toJson),
      meta,
    };
  }

  /** GET /api/v1/brand_and_ambassador_inquiries/{id} (ADMIN). */
  async function detail(ctx: Ctx, input: { id: IdInput }): Promise<BrandInquiry> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw inquiryNotFound();
    const inquiry = await ctx.em.findOne(BrandAndAmbassadorInquiry, { id });
    if (!inquiry) throw inquiryNotFound();
    return toJson(inquiry);
  }

  /** PUT /api/v1/brand_and_ambassador_inquiries/{id} {resolved} (ADMIN; the CLI's resolve/unresolve). */
  async function setResolved(ctx: Ctx, input: { id: IdInput } & InquiryResolvedInput): Promise<BrandInquiry> {
    requireAdmin(ctx);
    const id = parseId(input.id);
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

  /** The reservation a general inquiry is linked to, read for the admin's view. */
  async function linked(ctx: Ctx, inquiry: IContactInquiry): Promise<ReservationForInquiry | null> {
    return inquiry.reservation ? reservationForInquiry(ctx.em, inquiry.reservation.id) : null;
  }

  /** GET /api/v1/contact_inquiries?page=&resolved= (ADMIN): the general inquiries, newest first, the brand list's shape. */
  async function contactList(ctx: Ctx, input: ContactInquiryListQuery = {}): Promise<ContactInquiryListResponse> {
    requireAdmin(ctx);
    const query = parseInput(contactInquiryListQuerySchema, input);
    const { page } = query;
    const { ids, meta } = await inquiryPage(ctx, 'contact_inquiries', listFilters(query), page);
    const rows = inIdOrder(ids, await contactInquiryRows(ctx.sql, ids));
    const reservations = await reservationsForInquiries(
      ctx.sql,
      rows.flatMap((row) => (row.reservationId ? [row.reservationId] : [])),
    );
    return {
      inquiries: rows.map((row) => contactJson(row, row.reservationId ? (reservations.get(row.reservationId) ?? null) : null)),
      meta,
    };
  }

  /** GET /api/v1/contact_inquiries/{id} (ADMIN). */
  async function contactDetail(ctx: Ctx, input: { id: IdInput }): Promise<ContactInquiryAdmin> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw inquiryNotFound();
    const inquiry = await ctx.em.findOne(ContactInquiryEntity, { id });
    if (!inquiry) throw inquiryNotFound();
    return contactJson(contactRowOf(inquiry), await linked(ctx, inquiry));
  }

  /** PUT /api/v1/contact_inquiries/{id} {resolved} (ADMIN): the same 対応済み/未対応 as the program inquiries, audited. */
  async function contactSetResolved(ctx: Ctx, input: { id: IdInput } & InquiryResolvedInput): Promise<ContactInquiryAdmin> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw inquiryNotFound();
    const { resolved } = parseInput(inquiryResolvedSchema, input);
    const inquiry = await transaction(ctx.em, async (em) => {
      const row = await em.findOne(ContactInquiryEntity, { id });
      if (!row) throw inquiryNotFound();
      if (row.resolved !== resolved) {
        const before = { resolved: row.resolved };
        row.resolved = resolved;
        audit.record(withEm(ctx, em), {
          entityType: 'contact_inquiry',
          entityId: id,
          action: resolved ? 'resolve' : 'unresolve',
          before,
          after: { resolved },
        });
        await em.flush();
      }
      return row;
    });
    return contactJson(contactRowOf(inquiry), await linked(ctx, inquiry));
  }

  return { createBrandInquiry, createContactInquiry, list, detail, setResolved, contactList, contactDetail, contactSetResolved };
}

export type InquiriesService = ReturnType<typeof createInquiriesService>;
