import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runCommand } from '#cli/run';
import { idArgument, printJson } from '#cli/lib/output';

/** `npm run cli -- approve-experience <id> [--json]`: publishes a requested experience (then shown on /stories). */
export function approveExperience(program: Command): void {
  program
    .command('approve-experience')
    .description(ja.cliHelp.approveExperience)
    .argument('<id>', ja.cliHelp.experienceId, idArgument)
    .option('--json', ja.cliHelp.json)
    .action((id: string, options: { json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.experienceApprovals.approve(ctx, { id });
        if (options.json) return printJson(result);
        console.log(
          result.changed ? ja.hostStory.approved(result.id, result.title) : ja.hostStory.alreadyApproved(result.id, result.title),
        );
      }),
    );
}
