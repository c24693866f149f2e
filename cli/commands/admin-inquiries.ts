// `inquiries` and `resolve-inquiry`: the operator's view of the brand and ambassador program inquiries, through the
// same service as /admin/brand_ambassador_inquiries (newest first, 20 a page).
import type { Command } from 'commander';
import { operator } from '#src/lib/context';
import { ja } from '#src/i18n/ja';
import { todayInJapan } from '#src/lib/dates';
import { runCommand } from '#cli/run';

export function inquiries(program: Command): void {
  program
    .command('inquiries')
    .description('List brand and ambassador program inquiries, newest first (20 a page)')
    .option('--page <n>', 'page number', '1')
    .option('--resolved', 'only handled ones')
    .option('--unresolved', 'only unhandled ones')
    .option('--subject <subject>', 'franchise, branding, media or other')
    .action((options: { page: string; resolved?: boolean; unresolved?: boolean; subject?: string }) =>
      runCommand(async ({ services }) => {
        const resolved = options.resolved ? 'true' : options.unresolved ? 'false' : undefined;
        const result = await services.inquiries.list(services.context(operator()), {
          page: options.page,
          resolved,
          subject: options.subject,
        });
        console.log(ja.adminApi.cli.inquiriesPage(result.meta.current_page, result.meta.total_pages, result.meta.total_count));
        for (const inquiry of result.inquiries) {
          console.log(
            ja.adminApi.cli.inquiryLine({
              id: inquiry.id,
              date: todayInJapan(new Date(inquiry.created_at)),
              resolved: inquiry.resolved,
              name: inquiry.name,
              company: inquiry.company_name,
              subject: ja.inquiries.subjects[inquiry.subject].label,
            }),
          );
        }
      }),
    );
}

export function resolveInquiry(program: Command): void {
  program
    .command('resolve-inquiry <id>')
    .description('Mark an inquiry handled (or unhandled with --unresolve)')
    .option('--unresolve', 'mark it unhandled again')
    .action((id: string, options: { unresolve?: boolean }) =>
      runCommand(async ({ services }) => {
        const inquiry = await services.inquiries.setResolved(services.context(operator()), { id, resolved: !options.unresolve });
        console.log(ja.adminApi.cli.inquiryResolved(inquiry.id, inquiry.resolved));
      }),
    );
}
