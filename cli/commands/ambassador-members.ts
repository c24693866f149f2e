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

/**
 * The member as both commands name them, whether `--user` was an id or an e-mail: their e-mail (as the brand member
 * commands do), else what was typed.
 */
function memberLabel(members: { id: number; email: string }[], userId: number | null, typed: string | undefined): string {
  return members.find((m) => m.id === userId)?.email ?? typed ?? '';
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
        const userId = await userIdFrom(ctx, options.user);
        const result = await services.ambassadors.addMember(ctx, { ambassador_id: options.ambassador ?? null, user_id: userId });
        if (options.json) return printJson(result);
        console.log(ja.cli.ambassadorMemberAdded(memberLabel(result.members, userId, options.user), result.ambassador.name));
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
          const member = memberLabel(members, userId, options.user);
          // Not a member: no question, the service answers "member not found".
          if (members.some((m) => m.id === userId))
            await confirm(ja.cli.confirmRemoveAmbassadorMember(member, ambassador.name), options.yes);
          await services.ambassadors.removeMember(ctx, { ambassador_id: ambassador.id, user_id: userId });
          console.log(ja.cli.ambassadorMemberRemoved(member, ambassador.name));
        },
        { destructive: true, force: options.force, name: 'remove-ambassador-member' },
      ),
    );
}
