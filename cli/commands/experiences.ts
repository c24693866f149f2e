// `list-experiences`, `reject-experience`: the administrator area's approval queue with the operator as the actor
// (`approve-experience` is in approve-experience.ts). `list-experiences` lists only the queue (published
// experiences are on the site); `--pending` names that and stays accepted; `--keyword` and `--waiting` are the admin
// page's filters.
import { Option, type Command } from 'commander';
import * as ja from '#src/i18n/ja';
import type { PendingExperience } from '#src/modules/experience-approvals/experience-approvals.schemas';
import { PENDING_WAITING_DAYS } from '#src/modules/experience-approvals/experience-approvals.shared';
import { runCommand } from '#cli/run';
import { idArgument, pageOption, printJson, printPage, truncate, type Column } from '#cli/lib/output';
import { japanDateTime } from '#cli/commands/export-inquiries';

const h = ja.cliHelp;
const c = ja.cli.experienceColumns;

const columns: Column<PendingExperience>[] = [
  { header: 'ID', value: (e) => e.id, align: 'right' },
  { header: c.title, value: (e) => truncate(e.title, 30) },
  { header: c.host, value: (e) => truncate(e.host_name, 20) },
  { header: c.submittedAt, value: (e) => japanDateTime(e.submitted_at) },
  { header: c.rejected, value: (e) => (e.previous_rejection ? ja.cli.yes : '') },
];

export function listExperiences(program: Command): void {
  program
    .command('list-experiences')
    .description(h.listExperiences)
    .option('--pending', h.pending)
    // The filters of the admin queue (GET /api/v1/admin/experiences), checked by the same schema.
    .option('--keyword <text>', h.queueKeyword)
    .addOption(new Option('--waiting <days>', h.queueWaiting).choices(PENDING_WAITING_DAYS))
    .option('--page <n>', h.page, pageOption, '1')
    .option('--json', h.json)
    .action((options: { page: string; keyword?: string; waiting?: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.experienceApprovals.pending(ctx, {
          page: options.page,
          q: options.keyword,
          waiting: options.waiting,
        });
        printPage(columns, result.experiences, result.meta, options.json ? result : undefined, options.page);
      }),
    );
}

export function rejectExperience(program: Command): void {
  program
    .command('reject-experience')
    .description(h.rejectExperience)
    .argument('<id>', h.experienceId, idArgument)
    .option('--reason <text>', h.reason)
    .option('--json', h.json)
    .action((id: string, options: { reason?: string; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        // Without --reason the service refuses the empty reason with its own message.
        const result = await services.experienceApprovals.reject(ctx, { id, reason: options.reason ?? '' });
        if (options.json) return printJson(result);
        console.log(ja.cli.experienceRejected(result.id, result.title));
      }),
    );
}
