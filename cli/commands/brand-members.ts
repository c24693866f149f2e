// `invite-brand-member`, `list-brand-members`, `remove-brand-member`: the administrator area's brand-member
// service with the operator as the actor (the same invitation, token, outbox mail and audit trail).
import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import type { BrandMemberJson } from '#src/modules/brand-members/brand-members.schemas';
import { runCommand } from '#cli/run';
import { printJson, printTable, type Column } from '#cli/lib/output';
import { confirm } from '#cli/lib/prompt';
import { brandIdFrom } from '#cli/lib/lookup';
import { japanDateTime } from '#cli/commands/export-inquiries';

const h = ja.cliHelp;

export function inviteBrandMember(program: Command): void {
  program
    .command('invite-brand-member')
    .description(h.inviteBrandMember)
    .requiredOption('--brand <id|name>', h.brand)
    .requiredOption('--email <email>', h.memberEmail)
    .option('--json', h.json)
    .action((options: { brand?: string; email?: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.brandMembers.inviteByOperator(ctx, {
          brand_id: await brandIdFrom(ctx, options.brand),
          email: options.email ?? '',
        });
        if (options.json) return printJson(result);
        console.log(ja.cli.brandMemberInvited(result.email));
        console.log(result.invitation_url);
      }),
    );
}

const columns: Column<BrandMemberJson>[] = [
  { header: 'ID', value: (m) => m.id, align: 'right' },
  { header: ja.cli.memberColumns.email, value: (m) => m.email },
  { header: ja.cli.memberColumns.status, value: (m) => (m.invitation_accepted ? ja.cli.memberJoined : ja.cli.memberInvited) },
  { header: ja.cli.memberColumns.invitedAt, value: (m) => japanDateTime(m.invitation_created_at) },
  { header: ja.cli.memberColumns.acceptedAt, value: (m) => (m.invitation_accepted_at ? japanDateTime(m.invitation_accepted_at) : null) },
];

export function listBrandMembers(program: Command): void {
  program
    .command('list-brand-members')
    .description(h.listBrandMembers)
    .requiredOption('--brand <id|name>', h.brand)
    .option('--json', h.json)
    .action((options: { brand?: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.brandMembers.list(ctx, { brand_id: await brandIdFrom(ctx, options.brand) });
        if (options.json) return printJson(result);
        console.log(`${result.brand.name} (ID: ${result.brand.id})`);
        printTable(columns, result.members);
      }),
    );
}

export function removeBrandMember(program: Command): void {
  program
    .command('remove-brand-member')
    .description(h.removeBrandMember)
    .requiredOption('--brand <id|name>', h.brand)
    .requiredOption('--email <email>', h.memberEmail)
    .option('-y, --yes', h.yes)
    .option('--force', h.force)
    .action((options: { brand?: string; email?: string; yes?: boolean; force?: boolean }) =>
      runCommand(
        async ({ services, ctx }) => {
          const brandId = await brandIdFrom(ctx, options.brand);
          const { brand, members } = await services.brandMembers.list(ctx, { brand_id: brandId });
          const email = (options.email ?? '').trim().toLowerCase();
          const member = members.find((m) => m.email === email);
          if (member) await confirm(ja.cli.confirmRemoveBrandMember(email, brand.name), options.yes);
          // An unknown e-mail reaches the service as no id: its own "member not found" (exit code 1).
          await services.brandMembers.remove(ctx, { brand_id: brand.id, id: member?.id ?? 0 });
          console.log(ja.cli.brandMemberRemoved(email, brand.name));
        },
        { destructive: true, force: options.force, name: 'remove-brand-member' },
      ),
    );
}
