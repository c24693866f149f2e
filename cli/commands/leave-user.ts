import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runCommand } from '#cli/run';
import { idArgument, printJson } from '#cli/lib/output';
import { confirm } from '#cli/lib/prompt';

const t = ja.leaving;

/**
 * `npm run cli -- leave-user <id> [--force --reason <text>] [--yes]`: the administrator's leaving (退会) as the
 * operator: the same refusals as the user's own unless forced with a reason; recorded in the audit log. It cannot be
 * undone, so it names the user and asks first (`--yes` for scripts), as the other removals do.
 */
export function leaveUser(program: Command): void {
  program
    .command('leave-user')
    .description(t.cliHelp)
    .argument('<id>', t.cliUserId, idArgument)
    .option('--force', t.cliForce)
    .option('--reason <text>', t.cliReason)
    .option('-y, --yes', ja.cliHelp.yes)
    .option('--json', ja.cliHelp.json)
    .action((id: string, options: { force?: boolean; reason?: string; yes?: boolean; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        // An unknown or already left user is refused by the leaving itself, before anything is asked.
        const { user } = await services.leaving.adminPreview(ctx, { id });
        if (!user.left_at) await confirm(t.cliConfirm(user.id, user.name, user.email), options.yes);
        const result = await services.leaving.adminLeave(ctx, { id, force: options.force ?? false, reason: options.reason });
        if (options.json) return printJson(result);
        console.log(t.cliLeft(result.user_id, result.forced));
      }),
    );
}
