// The operators' refunds (CLI `list-refunds`, `retry-refund`): pending first, with attempts and the last gateway
// error; a retry only moves next_attempt_at to now, and the worker (refund-attempts.ts retryPendingRefunds) does the
// refund with the same idempotency key, so a retry can never refund twice. Server-only.
import { ConflictError, NotFoundError } from '#src/lib/isomorphic/errors';
import { requireAdmin, type Ctx, withEm } from '#src/lib/context';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { AuditService } from '#src/modules/audit/audit.service';
import { REFUNDS_PAGE_SIZE, refundListQuerySchema, type RefundJson, type RefundListJson, type RefundListQuery } from './refunds.schemas';
import { transaction } from '#src/lib/transaction';

export interface RefundsDeps {
  audit: AuditService;
}

interface RefundRow {
  id: number;
  reservation_id: number;
  experience_title: string;
  amount: number;
  status: RefundJson['status'];
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  succeeded_at: Date | null;
  created_at: Date;
  total: string;
}

const notFound = () => new NotFoundError(ja.cli.refundNotFound);

export function createRefundsService(deps: RefundsDeps) {
  /** Refunds, pending first (oldest first), then the others newest first; ADMIN or the operator. */
  async function list(ctx: Ctx, input: RefundListQuery = {}): Promise<RefundListJson> {
    requireAdmin(ctx);
    const { status, page } = parseInput(refundListQuerySchema, input);
    const rows = await ctx.em.execute<RefundRow[]>(
      `SELECT f.id, f.reservation_id, e.title AS experience_title, f.amount, f.status, f.attempts, f.next_attempt_at,
         f.last_error, f.succeeded_at, f.created_at, count(*) OVER () AS total
       FROM refunds f JOIN reservations r ON r.id = f.reservation_id JOIN experiences e ON e.id = r.experience_id
       WHERE (?::text IS NULL OR f.status = ?)
       ORDER BY (f.status = 'pending') DESC,
         CASE WHEN f.status = 'pending' THEN f.created_at END ASC, f.created_at DESC, f.id DESC
       LIMIT ? OFFSET ?`,
      [status ?? null, status ?? null, REFUNDS_PAGE_SIZE, (page - 1) * REFUNDS_PAGE_SIZE],
    );
    const total = rows.length > 0 ? Number(rows[0].total) : 0;
    return {
      refunds: rows.map((row) => ({
        id: row.id,
        reservation_id: row.reservation_id,
        experience_title: row.experience_title,
        amount: row.amount,
        status: row.status,
        attempts: row.attempts,
        next_attempt_at: new Date(row.next_attempt_at).toISOString(),
        last_error: row.last_error,
        succeeded_at: row.succeeded_at ? new Date(row.succeeded_at).toISOString() : null,
        created_at: new Date(row.created_at).toISOString(),
      })),
      meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / REFUNDS_PAGE_SIZE)), total_count: total },
    };
  }

  /** A pending refund is tried at the worker's next pass; 404 when there is none, 409 when it is done already. */
  async function retryNow(ctx: Ctx, input: { id: IdInput }): Promise<{ id: number; status: 'pending' }> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', notFound);
    return transaction(ctx.em, async (em) => {
      const [row] = await em.execute<{ status: string; next_attempt_at: Date }[]>(
        'SELECT status, next_attempt_at FROM refunds WHERE id = ? FOR UPDATE',
        [id],
      );
      if (!row) throw notFound();
      if (row.status !== 'pending') throw new ConflictError(ja.cli.refundAlreadyDone);
      await em.execute('UPDATE refunds SET next_attempt_at = now(), updated_at = now() WHERE id = ?', [id]);
      deps.audit.record(withEm(ctx, em), {
        entityType: 'refund',
        entityId: id,
        action: 'retry',
        before: { next_attempt_at: row.next_attempt_at },
        after: { next_attempt_at: 'now' },
      });
      await em.flush();
      return { id, status: 'pending' as const };
    });
  }

  return { list, retryNow };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
