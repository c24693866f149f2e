// Japanese bank and branch codes and names from the zengin-code package (the maintained list of 全銀 codes). Its
// data is one 5 MB object literal; it is read once, on first use, as JSON and kept as small maps of names, so the
// full object does not stay in memory. Server-only.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface BankDirectory {
  /** The bank's name ('みずほ'), or null for an unknown code. */
  bankName(code: string): string | null;
  /** The branch's name ('東京営業部'), or null for an unknown branch of that bank. */
  branchName(bankCode: string, branchCode: string): string | null;
  /** Katakana names (for the transfer file), or null. */
  bankKana(code: string): string | null;
  branchKana(bankCode: string, branchCode: string): string | null;
}

interface RawBank {
  name: string;
  kana: string;
  branches: Record<string, { name: string; kana: string }>;
}

interface Bank {
  name: string;
  kana: string;
  branches: Map<string, [name: string, kana: string]>;
}

function load(): Map<string, Bank> {
  const file = createRequire(import.meta.url).resolve('zengin-code/lib/zengin-data.js');
  const text = readFileSync(file, 'utf8');
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  const raw = JSON.parse(json) as Record<string, RawBank>;
  const banks = new Map<string, Bank>();
  for (const [code, bank] of Object.entries(raw)) {
    const branches = new Map<string, [string, string]>();
    for (const [branchCode, branch] of Object.entries(bank.branches)) branches.set(branchCode, [branch.name, branch.kana]);
    banks.set(code, { name: bank.name, kana: bank.kana, branches });
  }
  return banks;
}

let banks: Map<string, Bank> | null = null;
const data = () => (banks ??= load());

/** The directory of the zengin-code data (loaded at the first lookup). */
export const bankDirectory: BankDirectory = {
  bankName: (code) => data().get(code)?.name ?? null,
  branchName: (bankCode, branchCode) => data().get(bankCode)?.branches.get(branchCode)?.[0] ?? null,
  bankKana: (code) => data().get(code)?.kana ?? null,
  branchKana: (bankCode, branchCode) => data().get(bankCode)?.branches.get(branchCode)?.[1] ?? null,
};
