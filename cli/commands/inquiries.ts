// `list-inquiries`, `resolve-inquiry`: the administrator area's inquiry service with the operator as the actor.
import type { Command } from 'commander';
import { ja } from '#src/i18n/ja';
import type { BrandInquiry } from '#src/modules/inquiries/inquiries.schemas';
import { runCommand } from '#cli/run';
import { pageOption, printJson, printPage, truncate, type Column } from '#cli/lib/output';
import { japanDateTime } from '#cli/commands/export-inquiries';

const h = ja.cliHelp;
const t = ja.inquiryExport;

const columns: Column<BrandInquiry>[] = [
  { header: t.header.status, value: (i) => (i.resolved ? t.resolved : t.unresolved) },
  { header: t.header.id, value: (i) => i.id, align: 'right' },
  { header: t.header.name, value: (i) => truncate(i.name, 20) },
  { header: t.header.companyName, value: (i) => truncate(i.company_name, 24) },
  { header: t.header.subject, value: (i) => ja.inquiries.subjects[i.subject].label },
  { header: t.header.createdAt, value: (i) => japanDateTime(i.created_at) },
];

export function listInquiries(program: Command): void {
  program
    .command('list-inquiries')
    .description(h.listInquiries)
    .option('--unresolved', h.exportUnresolved)
    .option('--page <n>', h.page, pageOption, '1')
    .option('--json', h.json)
    .action((options: { unresolved?: boolean; page: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.inquiries.list(ctx, { page: options.page, resolved: options.unresolved ? 'false' : undefined });
        printPage(columns, result.inquiries, result.meta, options.json ? result : undefined, options.page);
      }),
    );
}

export function resolveInquiry(program: Command): void {
  program
    .command('resolve-inquiry')
    .description(h.resolveInquiry)
    .argument('<id>', h.inquiryId)
    .option('--unresolved', h.resolveUnresolved)
    .option('--json', h.json)
    .action((id: string, options: { unresolved?: boolean; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const inquiry = await services.inquiries.setResolved(ctx, { id, resolved: !options.unresolved });
        if (options.json) return printJson(inquiry);
        console.log(ja.cli.inquiryStatusSet(inquiry.id, inquiry.resolved ? t.resolved : t.unresolved));
      }),
    );
}
