import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runCommand } from '#cli/run';
import { printJson } from '#cli/lib/output';

const t = ja.leaving;

/**
 * `npm run cli -- leave-user <id> [--force --reason <text>]`: the administrator's leaving (退会) as the operator:
 * the same refusals as the user's own unless forced with a reason; recorded in the audit log.
 */
export function leaveUser(program: Command): void {
  program
    .command('leave-user')
    .description(t.cliHelp)
    .argument('<id>', t.cliUserId)
    .option('--force', t.cliForce)
    .option('--reason <text>', t.cliReason)
    .option('--json', ja.cliHelp.json)
    .action((id: string, options: { force?: boolean; reason?: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.leaving.adminLeave(ctx, { id, force: options.force ?? false, reason: options.reason });
        if (options.json) return printJson(result);
        console.log(t.cliLeft(result.user_id, result.forced));
      }),
    );
}
