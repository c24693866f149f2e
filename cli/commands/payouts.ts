// `payouts:prepare --month`, `payouts:list`, `payouts:export BATCH`, `payouts:mark-paid BATCH`: the office's monthly
// close from the shell, through the same service as the admin screen (earnings/payouts.service.ts).
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { PayoutBatchDetailJson, PayoutBatchJson, PayoutItemJson } from '#src/modules/earnings/payouts.schemas';
import { onInterrupt, runCommand } from '#cli/run';
import { idArgument, pageOption, printJson, printPage, printTable, truncate, type Column } from '#cli/lib/output';
import { confirm } from '#cli/lib/prompt';
import { CliRefusal } from '#cli/lib/refusals';
import { japanDateTime } from '#cli/commands/export-inquiries';

const h = ja.cliHelp;
const m = ja.money;

const batchColumns: Column<PayoutBatchJson>[] = [
  { header: 'ID', value: (b) => b.id, align: 'right' },
  { header: m.batchColumns.month, value: (b) => b.month },
  { header: m.batchColumns.payDate, value: (b) => b.pay_date },
  { header: m.batchColumns.status, value: (b) => m.batchStatus[b.status] },
  { header: m.batchColumns.payees, value: (b) => b.payable_count, align: 'right' },
  { header: m.batchColumns.total, value: (b) => formatYen(b.transfer_total), align: 'right' },
  { header: m.batchColumns.carried, value: (b) => b.carried_over_count, align: 'right' },
  { header: m.batchColumns.blocked, value: (b) => b.blocked_count, align: 'right' },
  { header: m.batchColumns.exportedAt, value: (b) => (b.exported_at ? japanDateTime(b.exported_at) : '') },
  { header: m.batchColumns.paidAt, value: (b) => (b.paid_at ? japanDateTime(b.paid_at) : '') },
];

const itemColumns: Column<PayoutItemJson>[] = [
  { header: 'ID', value: (i) => i.payee_id, align: 'right' },
  { header: m.itemColumns.payee, value: (i) => truncate(i.payee_name, 24) },
  { header: m.itemColumns.balance, value: (i) => formatYen(i.balance), align: 'right' },
  { header: m.itemColumns.carriedIn, value: (i) => formatYen(i.carried_in), align: 'right' },
  { header: m.itemColumns.fee, value: (i) => formatYen(i.fee), align: 'right' },
  { header: m.itemColumns.transfer, value: (i) => formatYen(i.transfer_amount), align: 'right' },
  { header: m.itemColumns.status, value: (i) => m.itemStatus[i.status] },
  { header: m.itemColumns.account, value: (i) => i.account ?? '' },
];

function printDetail(detail: PayoutBatchDetailJson, message: string): void {
  console.log(message);
  printTable(batchColumns, [detail.batch]);
  console.log('');
  printTable(itemColumns, detail.items);
}

export function payoutsPrepare(program: Command): void {
  program
    .command('payouts:prepare')
    .description(h.payoutsPrepare)
    .requiredOption('--month <YYYY-MM>', h.payoutsMonth)
    .option('--json', h.json)
    .action((options: { month: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const detail = await services.payouts.prepare(ctx, { month: options.month });
        if (options.json) return printJson(detail);
        printDetail(detail, (detail.created ? m.prepared : m.alreadyPrepared)(detail.batch.month, detail.batch.id));
      }),
    );
}

export function payoutsList(program: Command): void {
  program
    .command('payouts:list')
    .description(h.payoutsList)
    .option('--page <n>', h.page, pageOption, '1')
    .option('--json', h.json)
    .action((options: { page: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.payouts.list(ctx, { page: options.page });
        printPage(batchColumns, result.batches, result.meta, options.json ? result : undefined, options.page);
      }),
    );
}

export function payoutsExport(program: Command): void {
  program
    .command('payouts:export')
    .description(h.payoutsExport)
    .argument('<batch>', h.payoutsBatch, idArgument)
    .option('--out <file>', h.payoutsOut)
    .option('--reexport', h.payoutsReexport)
    .option('--json', h.json)
    .action((batch: string, options: { out?: string; reexport?: boolean; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        // With --out - stdout is the bank file alone: a JSON summary there would corrupt it, so the pair is refused
        // before anything is exported.
        if (options.json && options.out === '-') throw new CliRefusal(ja.cli.payoutsJsonToStdout);
        // A paid batch is refused by the service unless --reexport; its copy is then named -paid-copy and announced.
        const file = await services.payouts.exportFile(ctx, { id: batch, reexport: options.reexport === true });
        const out = options.out ?? file.filename;
        if (out === '-') {
          if (file.copy) console.error(ja.payoutFile.copyWarning(file.month, null));
          await pipeline(Readable.from(file.chunks), process.stdout as Writable, { end: false });
          return;
        }
        // Written next to the target and renamed at the end: an interrupted export never leaves half a file.
        const target = path.resolve(out);
        const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
        const removeTemporary = () => rmSync(temporary, { force: true });
        const stopWatching = onInterrupt(removeTemporary);
        let bytes = 0;
        try {
          // 0600: the file holds bank accounts.
          await pipeline(
            Readable.from(
              (function* () {
                for (const chunk of file.chunks) {
                  bytes += chunk.length;
                  yield chunk;
                }
              })(),
            ),
            createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
          );
          renameSync(temporary, target);
        } catch (error) {
          removeTemporary();
          throw error;
        } finally {
          stopWatching();
        }
        if (file.copy) console.error(ja.payoutFile.copyWarning(file.month, out));
        if (options.json) return printJson({ batch_id: Number(batch), file: out, transfers: file.count, bytes, copy: file.copy });
        console.log(m.exportedFile(out, file.count));
      }),
    );
}

export function payoutsMarkPaid(program: Command): void {
  program
    .command('payouts:mark-paid')
    .description(h.payoutsMarkPaid)
    .argument('<batch>', h.payoutsBatch, idArgument)
    .option('-y, --yes', h.yes)
    .option('--json', h.json)
    .action((batch: string, options: { yes?: boolean; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const before = await services.payouts.get(ctx, { id: batch });
        if (before.batch.status !== 'paid') {
          await confirm(
            h.payoutsConfirmPaid(before.batch.month, before.batch.payable_count, formatYen(before.batch.transfer_total)),
            options.yes,
          );
        }
        const detail = await services.payouts.markPaid(ctx, { id: batch });
        if (options.json) return printJson(detail);
        printDetail(
          detail,
          before.batch.status === 'paid' ? m.batchAlreadyPaid : m.markedPaid(detail.batch.id, detail.batch.payable_count),
        );
      }),
    );
}
