import { Option, type Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { OPERATOR_REFUNDS } from '#src/modules/reservations/reservations.shared';
import { runCommand } from '#cli/run';
import { idArgument, printJson } from '#cli/lib/output';
import { confirm } from '#cli/lib/prompt';

const h = ja.cliHelp;

/**
 * `npm run cli -- cancel-reservation <number> --reason <text> --refund full|policy [--yes] [--json]`: the operator
 * cancels a confirmed reservation for its guest (POST /api/v1/admin/reservations/{id}/cancellation's service and
 * refusals); the guest and the host are mailed the reason, and the audit log records it. It cannot be undone, so it
 * asks first (`--yes` for scripts), as the other removals do; the reason is checked before anything is asked.
 */
export function cancelReservation(program: Command): void {
  program
    .command('cancel-reservation')
    .description(h.cancelReservation)
    .argument('<number>', h.reservationNumber, idArgument)
    .requiredOption('--reason <text>', h.cancelReason)
    .addOption(new Option('--refund <how>', h.cancelRefund).choices(OPERATOR_REFUNDS).makeOptionMandatory())
    .option('-y, --yes', h.yes)
    .option('--json', h.json)
    .action((id: string, options: { reason: string; refund: (typeof OPERATOR_REFUNDS)[number]; yes?: boolean; json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const { parseInput } = await import('#src/lib/isomorphic/validate');
        const { operatorCancellationSchema } = await import('#src/modules/reservations/operator-cancellation.schemas');
        const input = parseInput(operatorCancellationSchema, { reason: options.reason, refund: options.refund });
        await confirm(ja.cli.cancelReservationConfirm(Number(id), input.refund), options.yes);
        const result = await services.reservations.cancelByOperator(ctx, { id, ...input });
        if (options.json) return printJson(result);
        console.log(ja.cli.reservationCancelled(result.reservation_id, formatYen(result.refund_amount)));
      }),
    );
}
