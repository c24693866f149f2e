// `list-reservations`, `show-reservation <number>`: the administrators' reservations lookup (the admin list's service and
// filters, GET /api/v1/admin/reservations) with the operator as the actor; they only read (cancel-reservation cancels).
// The list has no --number: show-reservation is the lookup by number.
import { Option, type Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { toHalfWidthDigits } from '#src/lib/isomorphic/ids';
import type { AdminReservationDetail, AdminReservationListItem } from '#src/modules/reservations/admin-reservations.schemas';
import { RESERVATION_STATUSES } from '#src/modules/reservations/reservations.shared';
import { runCommand } from '#cli/run';
import { idArgument, pageOption, printJson, printPage, printTable, truncate, type Column } from '#cli/lib/output';
import { japanDateTime } from '#cli/commands/export-inquiries';

const h = ja.cliHelp;
const t = ja.adminReservations;

const columns: Column<AdminReservationListItem>[] = [
  { header: t.number, value: (r) => r.id, align: 'right' },
  { header: t.guest, value: (r) => truncate(r.guest_name, 20) },
  { header: t.email, value: (r) => r.guest_email },
  { header: t.experience, value: (r) => truncate(r.experience_title, 24) },
  { header: t.firstDate, value: (r) => (r.first_date ? `${r.first_date} ${r.first_start_time ?? ''}` : '') },
  { header: t.party, value: (r) => r.number_of_people, align: 'right' },
  { header: t.amount, value: (r) => formatYen(r.total_amount), align: 'right' },
  { header: t.status, value: (r) => t.statuses[r.status] },
  { header: t.bookedAt, value: (r) => japanDateTime(r.created_at) },
];

interface ListOptions {
  keyword?: string;
  status?: string;
  slotSince?: string;
  slotUntil?: string;
  bookedSince?: string;
  bookedUntil?: string;
  page: string;
  json?: boolean;
}

export function listReservations(program: Command): void {
  program
    .command('list-reservations')
    .description(h.listReservations)
    // The filters of the admin list (GET /api/v1/admin/reservations), checked by the same schema.
    .option('--keyword <text>', h.reservationKeyword)
    .addOption(new Option('--status <status>', h.reservationStatus).choices(RESERVATION_STATUSES))
    .option('--slot-since <YYYY-MM-DD>', h.slotSince)
    .option('--slot-until <YYYY-MM-DD>', h.slotUntil)
    .option('--booked-since <YYYY-MM-DD>', h.bookedSince)
    .option('--booked-until <YYYY-MM-DD>', h.bookedUntil)
    .option('--page <n>', h.page, pageOption, '1')
    .option('--json', h.json)
    .action((options: ListOptions) =>
      runCommand(async ({ services, ctx }) => {
        const result = await services.adminReservations.list(ctx, {
          page: options.page,
          q: options.keyword,
          status: options.status,
          slot_since: options.slotSince,
          slot_until: options.slotUntil,
          booked_since: options.bookedSince,
          booked_until: options.bookedUntil,
        });
        printPage(columns, result.reservations, result.meta, options.json ? result : undefined, options.page);
      }),
    );
}

/** The detail as label/value lines, in the admin panel's order. */
function detailLines(r: AdminReservationDetail): [string, string][] {
  const at = (iso: string | null) => (iso ? japanDateTime(iso) : '');
  const lines: [string, string][] = [
    [t.number, String(r.id)],
    [t.status, t.statuses[r.status]],
    [t.bookedAt, at(r.created_at)],
    [t.guest, `${r.guest.name}${r.guest.left ? `（${t.guestLeft}）` : ''} #${r.guest.id}`],
    [t.email, r.guest.email],
    [t.experience, `${r.experience.title} #${r.experience.id}`],
    [t.host, r.host.name],
    ...r.slots.map((slot, i): [string, string] => [
      r.slots.length > 1 ? `${t.dates} ${i + 1}` : t.dates,
      t.slot(slot.date, slot.start_time, slot.end_time),
    ]),
    [t.party, t.people(r.number_of_people)],
    [t.option, r.option_name ?? t.noOption],
    [t.messageToHost, r.message_to_host ?? ''],
    [t.tourAmount, formatYen(r.tour_amount)],
    [t.optionAmount, formatYen(r.option_amount)],
    [t.coupon, r.coupon_code ?? ''],
    [t.discount, formatYen(r.discount_amount)],
    [t.serviceFee, formatYen(r.service_fee)],
    [t.processingFee, formatYen(r.processing_fee)],
    [t.total, formatYen(r.total_amount)],
    [t.paymentReference, r.payment_reference ?? ''],
    [t.confirmedAt, at(r.confirmed_at)],
    [t.cancelledAt, at(r.cancelled_at)],
    [t.cancelledBy, r.cancelled_by ? t.cancelledByWho[r.cancelled_by] : ''],
    [t.cancellationReason, r.cancellation_reason ?? ''],
    [t.refundAmount, r.refund_amount === null ? '' : formatYen(r.refund_amount)],
    [
      t.refund,
      r.refund
        ? `${t.refundStatuses[r.refund.status]}・${formatYen(r.refund.amount)}・${t.refundAttempts} ${r.refund.attempts}`
        : t.noRefund,
    ],
  ];
  if (r.refund?.last_error) lines.push([t.refundLastError, r.refund.last_error]);
  if (r.failure_message) lines.push([t.failureMessage, r.failure_message]);
  return lines;
}

export function showReservation(program: Command): void {
  program
    .command('show-reservation')
    .description(h.showReservation)
    // The number as the guest reads it out or pastes it: full-width digits too, as the admin page takes it.
    .argument('<number>', h.reservationNumber, (value: string) => idArgument(toHalfWidthDigits(value)))
    .option('--json', h.json)
    .action((id: string, options: { json?: boolean }) =>
      runCommand(async ({ services, ctx }) => {
        const reservation = await services.adminReservations.detail(ctx, { id });
        if (options.json) return printJson(reservation);
        printTable(
          [
            { header: ja.cli.detailField, value: ([label]: [string, string]) => label },
            { header: ja.cli.detailValue, value: ([, value]: [string, string]) => value },
          ],
          detailLines(reservation),
        );
      }),
    );
}
