// `invite-brand-member <brandId> <email>`: the same invitation as /admin/brand/{id}/member_invitation (a new member
// or a renewed invitation, the mail through the outbox), recorded as the operator in the audit log.
import type { Command } from 'commander';
import { operator } from '#src/lib/context';
import { ja } from '#src/i18n/ja';
import { runCommand } from '#cli/run';

export function inviteBrandMember(program: Command): void {
  program
    .command('invite-brand-member <brandId> <email>')
    .description('Invite a brand member by e-mail (renews a pending invitation of the same address)')
    .action((brandId: string, email: string) =>
      runCommand(async ({ services }) => {
        const member = await services.brandMembers.invite(services.context(operator()), { brand_id: brandId, email });
        console.log(ja.adminApi.cli.invited(member.email, member.brand_id));
      }),
    );
}
