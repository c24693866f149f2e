// The receipt form's limits, zod-free: the reservation page imports this file, not receipts.schemas.ts (which
// re-exports them), so it carries no zod.

/** 宛名: at most 60 characters (a company name with its department fits). */
export const ADDRESSEE_MAX = 60;
/** 但し書き: at most 40 characters (one printed line). */
export const PURPOSE_MAX = 40;
