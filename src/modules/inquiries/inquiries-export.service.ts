// The inquiry export (CLI export-inquiries): the program inquiries (or, kind contact, the general ones from
// /inquiry) in keyset pages of EXPORT_PAGE_SIZE rows ordered by id, so a caller streams any number of rows in
// constant memory and never holds the table. Administrators and the operator only. The rows are the API's shape
// (BrandInquiry; a general inquiry without its linked reservation's details).
import { requireAdmin, type Ctx } from '#src/lib/context';
import { addDays, japanInstant } from '#src/lib/isomorphic/dates';
import { parseInput } from '#src/lib/isomorphic/validate';
import type { BrandInquiry } from './inquiries.schemas';
import type { InquirySubject } from './inquiries.shared';
import { inquiryExportSchema, type InquiryExportInput, type InquiryExportQuery } from './inquiries-export.schemas';

export const EXPORT_PAGE_SIZE = 1000;

interface Row {
  id: number;
  name: string;
  company_name: string;
  department_name: string | null;
  position_name: string | null;
  email: string;
  subject: InquirySubject;
  content: string;
  resolved: boolean;
  created_at: Date | string;
}

/** A general inquiry (/inquiry) as the export writes it. */
export interface ContactInquiryExportRow {
  id: number;
  name: string;
  email: string;
  content: string;
  resolved: boolean;
  created_at: string;
  user_id: number | null;
  reservation_number: number | null;
}

/** The rows of one kind: brand → BrandInquiry, contact → ContactInquiryExportRow. */
export type ExportRows = { kind: 'brand'; rows: BrandInquiry[] } | { kind: 'contact'; rows: ContactInquiryExportRow[] };

export interface InquiryExport {
  query: InquiryExportQuery;
  /** How many rows the filters match now (for a progress bar). */
  count(): Promise<number>;
  /** The rows, page by page, oldest first. */
  pages(): AsyncGenerator<ExportRows>;
}

interface ContactRow {
  id: number;
  name: string;
  email: string;
  content: string;
  resolved: boolean;
  created_at: Date | string;
  user_id: number | null;
  reservation_number: number | null;
}

function toContact(row: ContactRow): ContactInquiryExportRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    content: row.content,
    resolved: row.resolved,
    created_at: new Date(row.created_at).toISOString(),
    user_id: row.user_id === null ? null : Number(row.user_id),
    reservation_number: row.reservation_number === null ? null : Number(row.reservation_number),
  };
}

/** Each kind's table and columns. */
const SOURCES = {
  brand: {
    table: 'brand_and_ambassador_inquiries',
    columns: 'id, name, company_name, department_name, position_name, email, subject, content, resolved, created_at',
  },
  contact: {
    table: 'contact_inquiries',
    columns: 'id, name, email, content, resolved, created_at, user_id, reservation_number',
  },
} as const;

function filters(q: InquiryExportQuery): { sql: string; params: unknown[] } {
  const sql: string[] = [];
  const params: unknown[] = [];
  if (q.since) {
    sql.push('created_at >= ?');
    params.push(japanInstant(q.since));
  }
  if (q.until) {
    sql.push('created_at < ?');
    params.push(japanInstant(addDays(q.until, 1)));
  }
  if (q.resolved !== undefined) {
    sql.push('resolved = ?');
    params.push(q.resolved);
  }
  if (q.subject) {
    sql.push('subject = ?');
    params.push(q.subject);
  }
  return { sql: sql.map((s) => ` AND ${s}`).join(''), params };
}

function toInquiry(row: Row): BrandInquiry {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    department_name: row.department_name,
    position_name: row.position_name,
    email: row.email,
    subject: row.subject,
    content: row.content,
    resolved: row.resolved,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createInquiriesExportService() {
  /** Validates the filters (Japanese messages) and returns the export, not yet read. */
  function open(ctx: Ctx, input: InquiryExportInput): InquiryExport {
    requireAdmin(ctx);
    const query = parseInput(inquiryExportSchema, input);
    const where = filters(query);
    const source = SOURCES[query.kind];
    return {
      query,
      async count() {
        const [row] = await ctx.em.execute<{ count: string }[]>(
          `SELECT count(*) AS count FROM ${source.table} WHERE true${where.sql}`,
          where.params,
        );
        return Number(row.count);
      },
      async *pages() {
        let after = 0;
        for (;;) {
          const rows = await ctx.em.execute<(Row & ContactRow)[]>(
            `SELECT ${source.columns} FROM ${source.table} WHERE id > ?${where.sql} ORDER BY id LIMIT ?`,
            [after, ...where.params, EXPORT_PAGE_SIZE],
          );
          if (rows.length === 0) return;
          after = rows[rows.length - 1].id;
          yield query.kind === 'brand' ? { kind: 'brand', rows: rows.map(toInquiry) } : { kind: 'contact', rows: rows.map(toContact) };
          if (rows.length < EXPORT_PAGE_SIZE) return;
        }
      },
    };
  }

  return { open };
}

export type InquiriesExportService = ReturnType<typeof createInquiriesExportService>;
