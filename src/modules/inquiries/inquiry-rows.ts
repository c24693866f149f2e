// The rows of a page of the admin's inquiry lists, read by id in one prepared statement each (the list's ids come
// from `pageOfIds`), shaped like the entities' fields the answers are made from. Server-only.
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import type { IBrandAndAmbassadorInquiry, IContactInquiry } from './inquiries.entity';

export type BrandInquiryRow = Pick<
  IBrandAndAmbassadorInquiry,
  'id' | 'name' | 'companyName' | 'departmentName' | 'positionName' | 'email' | 'subject' | 'content' | 'resolved' | 'createdAt'
>;

export type ContactInquiryRow = Pick<
  IContactInquiry,
  'id' | 'name' | 'email' | 'content' | 'resolved' | 'createdAt' | 'reservationNumber'
> & {
  userId: number | null;
  reservationId: number | null;
};

const BRAND_ROWS = readStatement(
  `SELECT id, name, company_name AS "companyName", department_name AS "departmentName", position_name AS "positionName",
          email, subject, content, resolved, created_at AS "createdAt"
     FROM brand_and_ambassador_inquiries WHERE id = ANY(?::int[])`,
);

const CONTACT_ROWS = readStatement(
  `SELECT id, name, email, content, resolved, created_at AS "createdAt", reservation_number AS "reservationNumber",
          user_id AS "userId", reservation_id AS "reservationId"
     FROM contact_inquiries WHERE id = ANY(?::int[])`,
);

export function brandInquiryRows(sql: SqlReader, ids: number[]): Promise<BrandInquiryRow[]> {
  return ids.length ? readRows(sql, BRAND_ROWS, [ids]) : Promise.resolve([]);
}

export function contactInquiryRows(sql: SqlReader, ids: number[]): Promise<ContactInquiryRow[]> {
  return ids.length ? readRows(sql, CONTACT_ROWS, [ids]) : Promise.resolve([]);
}

/** A loaded entity as the row the answers are made from (the detail and the 対応済み change). */
export function contactRowOf(inquiry: IContactInquiry): ContactInquiryRow {
  return {
    id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    content: inquiry.content,
    resolved: inquiry.resolved,
    createdAt: inquiry.createdAt,
    reservationNumber: inquiry.reservationNumber,
    userId: inquiry.user?.id ?? null,
    reservationId: inquiry.reservation?.id ?? null,
  };
}
