// The receipt form's limits, zod-free: the reservation page imports this file, not receipts.schemas.ts (which
// re-exports them), so it carries no zod.

/**
 * 宛名: at most 100 characters, the limit of an account's name (users.schemas.ts): the form starts with the guest's
 * name, so every guest can be issued a receipt in their own name as it is. The PDF wraps a long one (receipt-pdf.ts).
 */
export const ADDRESSEE_MAX = 100;
/** 但し書き: at most 40 characters (one printed line). */
export const PURPOSE_MAX = 40;
