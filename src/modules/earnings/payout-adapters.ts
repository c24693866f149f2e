// How a prepared batch's money leaves the platform. The ledger and the batch never depend on it: preparing a month
// decides who is paid how much (earnings-rules.ts payoutFor), marking it paid writes the payout rows; an adapter
// only says who it can pay and turns the payable lines into what moves the money. The bank-file adapter writes the
// 全銀 総合振込 file the office uploads to its internet banking. A Stripe Connect adapter would implement the same
// interface: `canPay` a payee with a connected account, `deliver` one transfer per line (idempotency key: batch and
// payee), and no file. Server-only.
import type { Env } from '#src/lib/env';
import { toTransferKana } from './earnings.shared';
import { zenginFile, type ZenginTransfer } from './zengin';

export interface PayeeAccount {
  bankCode: string;
  branchCode: string;
  accountType: 'ordinary' | 'checking';
  accountNumber: string;
  holderName: string;
}

export interface PayoutInstruction {
  payeeId: number;
  amount: number;
  /** The bank account as it was when the batch was prepared (decrypted). */
  account: PayeeAccount;
}

export interface PayoutBatchInfo {
  month: string;
  payDate: string;
}

export interface PayoutFile {
  filename: string;
  contentType: string;
  /** The file, record by record: written as it is produced. */
  chunks: Iterable<Buffer>;
}

export interface PayoutAdapter {
  readonly kind: string;
  /** Whether a payee can be paid by this adapter (the bank file: a registered bank account). */
  canPay(payee: { hasBankAccount: boolean }): boolean;
  /** The file the office takes to its bank, or null for an adapter that moves the money itself. */
  exportFile(batch: PayoutBatchInfo, instructions: PayoutInstruction[]): PayoutFile | null;
}

export interface BankNames {
  /** Half-width katakana names of a bank and its branch (empty when unknown: the file's names are informative). */
  bank(code: string): string;
  branch(bankCode: string, branchCode: string): string;
}

/**
 * The 委託者名 as the file writes it. The boot already refuses a PAYOUT_CLIENT_NAME without a kana form
 * (src/lib/env.ts); an env built another way still never gets a file whose header names nobody.
 */
function clientName(configured: string): string {
  const kana = toTransferKana(configured);
  if (!kana) throw new Error(`PAYOUT_CLIENT_NAME has no kana form for the transfer file: ${configured}`);
  return kana;
}

export function createBankFileAdapter(
  env: Pick<
    Env,
    | 'PAYOUT_CLIENT_CODE'
    | 'PAYOUT_CLIENT_NAME'
    | 'PAYOUT_BANK_CODE'
    | 'PAYOUT_BRANCH_CODE'
    | 'PAYOUT_ACCOUNT_TYPE'
    | 'PAYOUT_ACCOUNT_NUMBER'
  >,
  names: BankNames,
): PayoutAdapter {
  return {
    kind: 'bank_file',
    canPay: (payee) => payee.hasBankAccount,
    exportFile(batch, instructions) {
      const header = {
        clientCode: env.PAYOUT_CLIENT_CODE,
        clientName: clientName(env.PAYOUT_CLIENT_NAME),
        transferDate: batch.payDate,
        bankCode: env.PAYOUT_BANK_CODE,
        bankName: names.bank(env.PAYOUT_BANK_CODE),
        branchCode: env.PAYOUT_BRANCH_CODE,
        branchName: names.branch(env.PAYOUT_BANK_CODE, env.PAYOUT_BRANCH_CODE),
        accountType: env.PAYOUT_ACCOUNT_TYPE,
        accountNumber: env.PAYOUT_ACCOUNT_NUMBER,
      };
      function* transfers(): Generator<ZenginTransfer> {
        for (const i of instructions) {
          yield {
            bankCode: i.account.bankCode,
            bankName: names.bank(i.account.bankCode),
            branchCode: i.account.branchCode,
            branchName: names.branch(i.account.bankCode, i.account.branchCode),
            accountType: i.account.accountType,
            accountNumber: i.account.accountNumber,
            holderName: i.account.holderName,
            amount: i.amount,
            customerCode: i.payeeId,
          };
        }
      }
      return {
        filename: `zengin-${batch.month}.txt`,
        contentType: 'text/plain; charset=Shift_JIS',
        chunks: zenginFile(header, transfers()),
      };
    },
  };
}
