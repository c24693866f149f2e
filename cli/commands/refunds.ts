// `list-refunds`, `retry-refund`: cancellation refunds as the operator sees them (a refund the gateway keeps refusing
// stays 返金処理中 with its attempts and last error; retry-refund has the worker try it at once).
import { Option, type Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { RefundJson, RefundListQuery } from '#src/modules/reservations/refunds.schemas';
import { REFUND_LIST_STATUSES } from '#src/modules/reservations/reservations.shared';
import { runCommand } from '#cli/run';
import { idArgument, pageOption, printJson, printPage, truncate, type Column } from '#cli/lib/output';
import { japanDateTime } from '#cli/commands/export-inquiries';

const h = ja.cliHelp;
const c = ja.cli.refundColumns;

const columns: Column<RefundJson>[] = [
  { header: 'ID', value: (r) => r.id, align: 'right' },
  { header: c.reservation, value: (r) => r.reservation_id, align: 'right' },
  { header: c.experience, value: (r) => truncate(r.experience_title, 24) },
  { header: c.amount, value: (r) => formatYen(r.amount), align: 'right' },
  { header: c.status, value: (r) => ja.cli.refundStatus[r.status] },
  { header: c.attempts, value: (r) => r.attempts, align: 'right' },
  { header: c.nextAttempt, value: (r) => (r.status === 'pending' ? japanDateTime(r.next_attempt_at) : '') },
  { header: c.lastError, value: (r) => truncate(r.last_error ?? '', 40) },
];

export function listRefunds(program: Command): void {
  program
    .command('list-refunds')
    .description(h.listRefunds)
    .addOption(new Option('--status <status>', h.refundStatus).choices(REFUND_LIST_STATUSES))
    .option('--page <n>', h.page, pageOption, '1')
    .option('--json', h.json)
    .action((options: { status?: string; page: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const status = options.status as RefundListQuery['status'];
        const result = await services.refunds.list(ctx, { status, page: options.page });
        printPage(columns, result.refunds, result.meta, options.json ? result : undefined, options.page);
      }),
    );
}

export function retryRefund(program: Command): void {
  program
    .command('retry-refund')
    .description(h.retryRefund)
    .argument('<id>', h.refundId, idArgument)
    .option('--json', h.json)
    .action((id: string, options: { json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.refunds.retryNow(ctx, { id });
        if (options.json) return printJson(result);
        console.log(ja.cli.refundRetryScheduled(result.id));
      }),
    );
}
