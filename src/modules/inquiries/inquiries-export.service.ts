// The inquiry export (CLI export-inquiries): the program inquiries (or, kind contact, the general ones from
// /inquiry) in keyset pages of EXPORT_PAGE_SIZE rows ordered by id, so a caller streams any number of rows in
// constant memory and never holds the table. Administrators and the operator only. The rows are the API's shape
// (BrandInquiry; a general inquiry without its linked reservation's details).
import { requireAdmin, type Ctx } from '#src/lib/context';
import { addDays, japanInstant } from '#src/lib/isomorphic/dates';
import { parseInput } from '#src/lib/isomorphic/validate';
import type { BrandInquiry } from './inquiries.schemas';
import { inquiryExportSchema, type InquiryExportInput, type InquiryExportQuery } from './inquiries-export.schemas';

/**
 * Rows per page: a page's rows and its rendered text are alive together while it is written, and in the CLI's small
 * young generation (package.json cli_node_flags) a larger page outlives the minor collections and is copied into the
 * old generation, which then grows until a full collection.
 */
export const EXPORT_PAGE_SIZE = 250;

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

/**
 * The time as the API writes it (Date#toISOString: UTC, milliseconds, `Z`), made by PostgreSQL: the rows come out of
 * the driver in the export's shape, so a page is not copied row by row and no Date is made for each.
 */
const CREATED_AT_ISO = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/** Each kind's table and columns, in the order of its row type's keys (the JSON formats write them in this order). */
const SOURCES = {
  brand: {
    table: 'brand_and_ambassador_inquiries',
    columns: `id, name, company_name, department_name, position_name, email, subject, content, resolved, ${CREATED_AT_ISO}`,
  },
  contact: {
    table: 'contact_inquiries',
    columns: `id, name, email, content, resolved, ${CREATED_AT_ISO}, user_id, reservation_number`,
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
          const rows = await ctx.em.execute<(BrandInquiry | ContactInquiryExportRow)[]>(
            `SELECT ${source.columns} FROM ${source.table} WHERE id > ?${where.sql} ORDER BY id LIMIT ?`,
            [after, ...where.params, EXPORT_PAGE_SIZE],
          );
          if (rows.length === 0) return;
          after = rows[rows.length - 1].id;
          yield query.kind === 'brand'
            ? { kind: 'brand', rows: rows as BrandInquiry[] }
            : { kind: 'contact', rows: rows as ContactInquiryExportRow[] };
          if (rows.length < EXPORT_PAGE_SIZE) return;
        }
      },
    };
  }

  return { open };
}

export type InquiriesExportService = ReturnType<typeof createInquiriesExportService>;
