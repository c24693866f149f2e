// `list-inquiries`, `resolve-inquiry`: the administrator area's inquiry service with the operator as the actor.
import { Option, type Command } from 'commander';
import * as ja from '#src/i18n/ja';
import type { BrandInquiry } from '#src/modules/inquiries/inquiries.schemas';
import { INQUIRY_SUBJECTS } from '#src/modules/inquiries/inquiries.shared';
import { runCommand } from '#cli/run';
import { idArgument, pageOption, printJson, printPage, truncate, type Column } from '#cli/lib/output';
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

interface ListOptions {
  unresolved?: boolean;
  resolved?: boolean;
  subject?: string;
  keyword?: string;
  since?: string;
  until?: string;
  page: string;
  json?: boolean;
}

export function listInquiries(program: Command): void {
  program
    .command('list-inquiries')
    .description(h.listInquiries)
    // The filters of the admin list (GET /api/v1/brand_and_ambassador_inquiries), checked by the same schema.
    .addOption(new Option('--unresolved', h.exportUnresolved).conflicts('resolved'))
    .addOption(new Option('--resolved', h.exportResolved))
    .addOption(new Option('--subject <subject>', h.exportSubject).choices(INQUIRY_SUBJECTS))
    .option('--keyword <text>', h.inquiryKeyword)
    .option('--since <YYYY-MM-DD>', h.exportSince)
    .option('--until <YYYY-MM-DD>', h.exportUntil)
    .option('--page <n>', h.page, pageOption, '1')
    .option('--json', h.json)
    .action((options: ListOptions) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.inquiries.list(ctx, {
          page: options.page,
          resolved: options.resolved ? 'true' : options.unresolved ? 'false' : undefined,
          subject: options.subject,
          q: options.keyword,
          since: options.since,
          until: options.until,
        });
        printPage(columns, result.inquiries, result.meta, options.json ? result : undefined, options.page);
      }),
    );
}

export function resolveInquiry(program: Command): void {
  program
    .command('resolve-inquiry')
    .description(h.resolveInquiry)
    .argument('<id>', h.inquiryId, idArgument)
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
