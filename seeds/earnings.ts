// The demo's money: the earning of every confirmed demo reservation (through the same ledger function the booking
// uses), bank accounts for the payees (one left without, to show a blocked payee), an adjustment, and the payout
// batches of the closed months: all paid but the latest, which is left prepared for the admin screen to export
// and mark paid.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Env } from '#src/lib/env';
import { createLogger } from '#src/lib/logger';
import { Ctx, operator } from '#src/lib/context';
import { createAuditService } from '#src/modules/audit/audit.service';
import { recordEarning } from '#src/modules/earnings/ledger';
import { createPayoutsService } from '#src/modules/earnings/payouts.service';
import { createBankFileAdapter } from '#src/modules/earnings/payout-adapters';
import { bankAccountKey, encryptAccountNumber } from '#src/modules/earnings/bank-account-crypto';
import { monthClose, monthOf, shiftMonth } from '#src/modules/earnings/earnings-rules';

const ACCOUNTS = [
  { bank: '0001', branch: '001', type: 'ordinary', number: '1234567', holder: 'ﾔﾏﾓﾄ ｹﾝｼﾞ' },
  { bank: '0005', branch: '001', type: 'ordinary', number: '7654321', holder: 'ｶ)ﾀﾋﾞｺｳﾎﾞｳ' },
  { bank: '0009', branch: '101', type: 'checking', number: '0012345', holder: 'ｽｽﾞｷ ﾊﾅｺ' },
  { bank: '0010', branch: '101', type: 'ordinary', number: '2345678', holder: 'ﾀﾅｶ ﾀﾛｳ' },
] as const;

export async function seedEarnings(em: EntityManager, now: Date, env: Env): Promise<void> {
  const reservations = await em.execute<{ id: number }[]>("SELECT id FROM reservations WHERE status = 'confirmed' ORDER BY id");
  for (const r of reservations) await recordEarning(em, r.id, env.PLATFORM_COMMISSION_RATE);

  // A production process without BANK_ACCOUNT_KEY stores no account number (the demo data loaded by `npm run serve`
  // on an empty embedded database): its demo payees then have no bank account and show as blocked.
  const key = env.NODE_ENV === 'production' && !env.BANK_ACCOUNT_KEY ? null : bankAccountKey(env);
  const payees = await em.execute<{ id: number }[]>('SELECT id FROM payees ORDER BY id');
  // Every payee but one has an account: the smallest of those whose balance at the last close reaches the minimum
  // shows as blocked in the batches.
  const settings = { closingDay: env.PAYOUT_CLOSING_DAY, payDay: env.PAYOUT_PAY_DAY };
  const lastCutoff = monthClose(shiftMonth(monthOf(now, settings), -1), settings).cutoffAt;
  const [unbanked] = await em.execute<{ payee_id: number }[]>(
    `SELECT payee_id FROM ledger_entries WHERE available_at < ? GROUP BY payee_id HAVING sum(amount) >= ?
     ORDER BY sum(amount), payee_id LIMIT 1`,
    [lastCutoff, env.PAYOUT_MINIMUM],
  );
  if (key) {
    for (const [i, payee] of payees.filter((p) => p.id !== unbanked?.payee_id).entries()) {
      const a = ACCOUNTS[i % ACCOUNTS.length];
      await em.execute(
        `UPDATE payees SET bank_code = ?, branch_code = ?, account_type = ?, account_number_encrypted = ?, account_number_last3 = ?,
           holder_name = ? WHERE id = ?`,
        [a.bank, a.branch, a.type, encryptAccountNumber(key, a.number), a.number.slice(-3), a.holder, payee.id],
      );
    }
  }

  const ctx = new Ctx(em, em, operator('demo-seed'), createLogger('silent'));
  const payouts = createPayoutsService({
    env,
    audit: createAuditService(),
    adapter: createBankFileAdapter(env, { bank: () => '', branch: () => '' }),
    bankLabel: (bank, branch) => `${bank} ${branch}`,
    now: () => now,
  });
  if (payees[0]) {
    await payouts.adjust(ctx, { id: payees[0].id, amount: 1500, reason: '材料費の立替分（デモ）' });
  }

  const [first] = await em.execute<{ at: string | null }[]>('SELECT min(available_at) AS at FROM ledger_entries');
  if (!first?.at) return;
  const lastClosed = shiftMonth(monthOf(now, settings), -1);
  const months: string[] = [];
  for (let m = monthOf(new Date(first.at), settings); m <= lastClosed; m = shiftMonth(m, 1)) {
    if (monthClose(m, settings).cutoffAt.getTime() <= now.getTime()) months.push(m);
  }
  for (const [i, month] of months.entries()) {
    const batch = await payouts.prepare(ctx, { month });
    if (i < months.length - 1) await payouts.markPaid(ctx, { id: batch.batch.id });
  }
}
