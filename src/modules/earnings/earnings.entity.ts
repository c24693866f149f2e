import { defineEntity, p } from '@mikro-orm/core';
import { Created, Timestamped } from '#src/lib/base.entity';
import { User } from '#src/modules/users/users.entity';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';

export const LEDGER_KINDS = ['earning', 'reversal', 'adjustment', 'payout'] as const;
export const ACCOUNT_TYPES = ['ordinary', 'checking'] as const;
export const BATCH_STATUSES = ['prepared', 'paid'] as const;
export const ITEM_STATUSES = ['payable', 'carried_over', 'blocked'] as const;

/**
 * Who is paid: a host user or an ambassador (shop, school), exactly one. Made on the first earning. Holds the
 * admin's contract rate (basis points; null: PLATFORM_COMMISSION_RATE) and the bank account (the account number
 * AES-256-GCM encrypted, bank-account-crypto.ts; only its last digits in clear for the masked display).
 */
export const Payee = defineEntity({
  name: 'Payee',
  tableName: 'payees',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).nullable().unique().deleteRule('restrict'),
    ambassador: () => p.manyToOne(Ambassador).nullable().unique().deleteRule('restrict'),
    commissionRateBp: p.integer().nullable(),
    bankCode: p.string().length(4).nullable(),
    branchCode: p.string().length(3).nullable(),
    accountType: p.enum([...ACCOUNT_TYPES]).nullable(),
    accountNumberEncrypted: p.text().nullable(),
    accountNumberLast3: p.string().length(3).nullable(),
    /** Half-width katakana, as a transfer file carries it (bank-account rules normalise it). */
    holderName: p.string().length(30).nullable(),
  },
  checks: [
    { name: 'payees_exactly_one', expression: 'num_nonnulls(user_id, ambassador_id) = 1' },
    {
      name: 'payees_commission_rate_range',
      expression: 'commission_rate_bp is null or (commission_rate_bp >= 0 and commission_rate_bp <= 10000)',
    },
    {
      name: 'payees_bank_account_whole',
      expression:
        'num_nonnulls(bank_code, branch_code, account_type, account_number_encrypted, account_number_last3, holder_name) in (0, 6)',
    },
  ],
});

/** A month's payout: one per month (unique), made by preparing the month; 'paid' once the office marked it. */
export const PayoutBatch = defineEntity({
  name: 'PayoutBatch',
  tableName: 'payout_batches',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    /** 'YYYY-MM': the month whose close this batch pays. */
    month: p.string().length(7).unique(),
    /** The close: entries that became 確定 before this instant are in the batch's balances. */
    cutoffAt: p.datetime(),
    payDate: p.string().columnType('date'),
    /** The payout adapter (bank_file: the 全銀 総合振込 file). */
    adapter: p.string().length(32),
    status: p.enum([...BATCH_STATUSES]).default('prepared'),
    exportedAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
  },
  checks: [
    { name: 'payout_batches_month_format', expression: "month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'" },
    { name: 'payout_batches_paid_at', expression: "status <> 'paid' or paid_at is not null" },
  ],
});

/**
 * A payee's line in a batch: the 確定 balance at the close, the transfer fee and the amount transferred, the bank
 * account as it was at preparation (the file pays exactly what was prepared), and whether it is paid, carried over
 * (below PAYOUT_MINIMUM) or blocked (no bank account).
 */
export const PayoutItem = defineEntity({
  name: 'PayoutItem',
  tableName: 'payout_items',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    batch: () => p.manyToOne(PayoutBatch).deleteRule('restrict'),
    payee: () => p.manyToOne(Payee).deleteRule('restrict'),
    balance: p.integer(),
    /** Part of the balance that came from before this month's period (carried over). */
    carriedIn: p.integer(),
    fee: p.integer(),
    transferAmount: p.integer(),
    status: p.enum([...ITEM_STATUSES]),
    bankCode: p.string().length(4).nullable(),
    branchCode: p.string().length(3).nullable(),
    accountType: p.enum([...ACCOUNT_TYPES]).nullable(),
    accountNumberEncrypted: p.text().nullable(),
    holderName: p.string().length(30).nullable(),
  },
  uniques: [{ name: 'payout_items_batch_id_payee_id_unique', properties: ['batch', 'payee'] }],
  checks: [
    {
      name: 'payout_items_amounts',
      expression:
        "fee >= 0 and transfer_amount >= 0 and (status = 'payable') = (transfer_amount > 0) and (status <> 'payable' or transfer_amount + fee <= balance)",
    },
  ],
  indexes: [{ properties: ['payee'] }],
});

/**
 * The ledger: every movement of a payee's money is one row, never updated or deleted (a trigger refuses both);
 * the balance is the sum of `amount`. earning (+, at confirmation), reversal (-, a refunding or a host's
 * cancellation), adjustment (±, an admin with a reason), payout (-, a paid batch). `available_at` is when the row
 * counts as 確定 (the reservation's last slot's end in Japan time; an adjustment at once; a payout at its close).
 * Unique (reservation_id, kind) and (payout_batch_id, payee_id): a retry, a webhook or a second process cannot write
 * an earning, a reversal or a payout twice.
 */
export const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  tableName: 'ledger_entries',
  extends: Created,
  properties: {
    id: p.integer().primary(),
    payee: () => p.manyToOne(Payee).deleteRule('restrict'),
    kind: p.enum([...LEDGER_KINDS]),
    reservation: () => p.manyToOne(Reservation).nullable().deleteRule('restrict'),
    payoutBatch: () => p.manyToOne(PayoutBatch).nullable().deleteRule('restrict'),
    amount: p.integer(),
    /** earning/reversal: the experience fee plus the option fee (before the discount) the commission applies to. */
    gross: p.integer().nullable(),
    commission: p.integer().nullable(),
    /** The consumption tax included in the commission (10%). */
    commissionTax: p.integer().nullable(),
    commissionRateBp: p.integer().nullable(),
    availableAt: p.datetime(),
    reason: p.text().nullable(),
    actor: p.string().length(255).nullable(),
  },
  uniques: [
    { name: 'ledger_entries_reservation_id_kind_unique', properties: ['reservation', 'kind'] },
    { name: 'ledger_entries_payout_batch_id_payee_id_unique', properties: ['payoutBatch', 'payee'] },
  ],
  checks: [
    {
      name: 'ledger_entries_kind_shape',
      expression:
        "(kind = 'earning' and reservation_id is not null and amount >= 0 and gross is not null and commission is not null) or (kind = 'reversal' and reservation_id is not null and amount <= 0) or (kind = 'adjustment' and reservation_id is null and amount <> 0 and reason is not null) or (kind = 'payout' and payout_batch_id is not null and amount < 0)",
    },
  ],
  indexes: [{ name: 'ledger_entries_payee_available_index', properties: ['payee', 'availableAt'] }],
});
