// Japanese bank and branch codes and names (the zengin-code data, loaded once on first use). Server-only.
export interface BankDirectory {
  /** The bank's name ('みずほ'), or null for an unknown code. */
  bankName(code: string): string | null;
  /** The branch's name ('東京営業部'), or null for an unknown branch of that bank. */
  branchName(bankCode: string, branchCode: string): string | null;
  /** Katakana names (for the transfer file), or null. */
  bankKana(code: string): string | null;
  branchKana(bankCode: string, branchCode: string): string | null;
}

/** No names (until the data is loaded, or where none are needed): every code is unknown. */
export const EMPTY_BANK_DIRECTORY: BankDirectory = {
  bankName: () => null,
  branchName: () => null,
  bankKana: () => null,
  branchKana: () => null,
};
