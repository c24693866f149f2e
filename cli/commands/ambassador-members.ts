// `add-ambassador-member`, `remove-ambassador-member`: the administrator area's ambassador member service with
// the operator as the actor (a user linked to an ambassador may host its experiences).
import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runCommand } from '#cli/run';
import { printJson } from '#cli/lib/output';
import { confirm } from '#cli/lib/prompt';
import { userIdFrom } from '#cli/lib/lookup';

const h = ja.cliHelp;

interface Options {
  ambassador?: string;
  user?: string;
  json?: boolean;
  yes?: boolean;
  force?: boolean;
}

export function addAmbassadorMember(program: Command): void {
  program
    .command('add-ambassador-member')
    .description(h.addAmbassadorMember)
    .requiredOption('--ambassador <id>', h.ambassadorId)
    .requiredOption('--user <id|email>', h.user)
    .option('--json', h.json)
    .action((options: Options) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.ambassadors.addMember(ctx, {
          ambassador_id: options.ambassador ?? null,
          user_id: await userIdFrom(ctx, options.user),
        });
        if (options.json) return printJson(result);
        console.log(ja.cli.ambassadorMemberAdded(options.user ?? '', result.ambassador.name));
      }),
    );
}

export function removeAmbassadorMember(program: Command): void {
  program
    .command('remove-ambassador-member')
    .description(h.removeAmbassadorMember)
    .requiredOption('--ambassador <id>', h.ambassadorId)
    .requiredOption('--user <id|email>', h.user)
    .option('-y, --yes', h.yes)
    .option('--force', h.force)
    .action((options: Options) =>
      runCommand(
        async ({ services, ctx }) => {
          const userId = await userIdFrom(ctx, options.user);
          const { ambassador, members } = await services.ambassadors.members(ctx, { ambassador_id: options.ambassador ?? null });
          // Not a member: no question, the service answers "member not found".
          if (members.some((m) => m.id === userId))
            await confirm(ja.cli.confirmRemoveAmbassadorMember(options.user ?? '', ambassador.name), options.yes);
          await services.ambassadors.removeMember(ctx, { ambassador_id: ambassador.id, user_id: userId });
          console.log(ja.cli.ambassadorMemberRemoved(options.user ?? '', ambassador.name));
        },
        { destructive: true, force: options.force, name: 'remove-ambassador-member' },
      ),
    );
}
