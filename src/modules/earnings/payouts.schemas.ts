// Payout batches (the office's monthly close): inputs and answers of the admin API and the CLI. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { isMonth, MONTH_PATTERN } from './earnings.shared';
import { dateJson, dateTimeJson, idJson, oneLine, pageMetaJson, type InputOf } from '#src/lib/isomorphic/validate';
import { booleanFilter } from '#src/lib/isomorphic/list-filters';

export const PAYOUT_BATCH_STATUSES = ['prepared', 'paid'] as const;
export const PAYOUT_ITEM_STATUSES = ['payable', 'carried_over', 'blocked'] as const;
export const PAYOUT_BATCHES_PAGE_SIZE = 24;

export const monthInputSchema = z.object({
  month: z
    .string({ error: ja.money.monthInvalid })
    .refine(isMonth, ja.money.monthInvalid)
    .meta({ pattern: MONTH_PATTERN.source, example: '2026-10' }),
});
export type MonthInput = InputOf<typeof monthInputSchema>;

/**
 * GET /admin/payouts/{id}/file, `payouts:export --reexport`: `reexport=true` asks for a paid batch's file as a copy
 * for the records; without it a paid batch's file is refused (the bank would pay it again).
 */
export const payoutFileQuerySchema = z.object({
  reexport: booleanFilter().meta({ description: ja.payoutFile.reexportQuery }),
});
export type PayoutFileQuery = InputOf<typeof payoutFileQuerySchema>;

export const adjustmentInputSchema = z.object({
  amount: z.coerce
    .number({ error: ja.money.adjustmentAmountInvalid })
    .int(ja.money.adjustmentAmountInvalid)
    .min(-10_000_000, ja.money.adjustmentAmountInvalid)
    .max(10_000_000, ja.money.adjustmentAmountInvalid)
    .refine((n) => n !== 0, ja.money.adjustmentAmountInvalid),
  reason: z
    .string({ error: ja.money.adjustmentReasonRequired })
    .trim()
    .min(1, ja.money.adjustmentReasonRequired)
    .max(500, ja.money.adjustmentReasonTooLong)
    .check(oneLine()),
});
export type AdjustmentInput = InputOf<typeof adjustmentInputSchema>;

/** A percentage with at most two decimals (basis points), or null for the platform's rate. */
export const contractRateInputSchema = z.object({
  rate_percent: z
    .number({ error: ja.money.contractRateInvalid })
    .min(0, ja.money.contractRateInvalid)
    .max(100, ja.money.contractRateInvalid)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, ja.money.contractRateInvalid)
    .nullable(),
});
export type ContractRateInput = InputOf<typeof contractRateInputSchema>;

export const payoutItemJsonSchema = z
  .object({
    payee_id: idJson(),
    payee_name: z.string(),
    balance: z.number().int(),
    carried_in: z.number().int(),
    fee: z.number().int().min(0),
    transfer_amount: z.number().int().min(0),
    status: z.enum(PAYOUT_ITEM_STATUSES),
    /** Bank, branch and the masked account number; null when blocked. */
    account: z.string().nullable(),
  })
  .meta({ id: 'PayoutItem' });
export type PayoutItemJson = z.infer<typeof payoutItemJsonSchema>;

export const payoutBatchJsonSchema = z
  .object({
    id: idJson(),
    month: z.string(),
    cutoff_at: dateTimeJson(),
    pay_date: dateJson(),
    status: z.enum(PAYOUT_BATCH_STATUSES),
    adapter: z.string(),
    payable_count: z.number().int().min(0),
    transfer_total: z.number().int().min(0),
    carried_over_count: z.number().int().min(0),
    blocked_count: z.number().int().min(0),
    exported_at: dateTimeJson().nullable(),
    paid_at: dateTimeJson().nullable(),
    created_at: dateTimeJson(),
  })
  .meta({ id: 'PayoutBatch' });
export type PayoutBatchJson = z.infer<typeof payoutBatchJsonSchema>;

export const payoutBatchDetailJsonSchema = z
  .object({
    batch: payoutBatchJsonSchema,
    /** Whether this call made the batch (false: it existed and nothing changed). */
    created: z.boolean(),
    items: z.array(payoutItemJsonSchema),
  })
  .meta({ id: 'PayoutBatchDetail' });
export type PayoutBatchDetailJson = z.infer<typeof payoutBatchDetailJsonSchema>;

export const payoutBatchListJsonSchema = z
  .object({ batches: z.array(payoutBatchJsonSchema), meta: pageMetaJson() })
  .meta({ id: 'PayoutBatchList' });
export type PayoutBatchListJson = z.infer<typeof payoutBatchListJsonSchema>;

export const ledgerEntryJsonSchema = z
  .object({
    id: idJson(),
    payee_id: idJson(),
    kind: z.enum(['earning', 'reversal', 'adjustment', 'payout']),
    amount: z.number().int(),
    reason: z.string().nullable(),
    available_at: dateTimeJson(),
    created_at: dateTimeJson(),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntryJson = z.infer<typeof ledgerEntryJsonSchema>;

export const payeeRateJsonSchema = z
  .object({ payee_id: idJson(), commission_rate_percent: z.number().nullable() })
  .meta({ id: 'PayeeRate' });
export type PayeeRateJson = z.infer<typeof payeeRateJsonSchema>;
