import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runCommand } from '#cli/run';
import { FileFailure } from '#cli/lib/refusals';

const t = ja.receipts;

/**
 * `npm run cli -- receipt-copy <number> [--issue <n>] [--out <file>]`: the platform's copy (発行者控え) of an issued
 * receipt as it was printed, addressee included, also for a guest who has left (docs/decisions/leaving.md). Written
 * to --out, else to 領収書_<number>_控え.pdf in the current folder; an existing file is never replaced.
 */
export function receiptCopy(program: Command): void {
  program
    .command('receipt-copy')
    .description(t.cliHelp)
    .argument('<number>', t.cliNumber)
    .option('--issue <n>', t.cliIssue)
    .option('--out <file>', t.cliOut)
    .action((number: string, options: { issue?: string; out?: string }) =>
      runCommand(async ({ services, ctx }) => {
        const file = await services.receipts.copy(ctx, { number, issue_no: options.issue });
        const target = options.out ?? file.filename;
        try {
          // 0600 and never over an existing file: the copy names the addressee.
          writeFileSync(path.resolve(target), file.body, { flag: 'wx', mode: 0o600 });
        } catch (error) {
          throw new FileFailure(target, error as NodeJS.ErrnoException);
        }
        console.log(t.cliWritten(target));
      }),
    );
}
