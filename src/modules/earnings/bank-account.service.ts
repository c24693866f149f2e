// The bank account a payee's payouts go to: read (the number masked) and registered or changed by the payee's own
// people (the host, or an ambassador's members). Part of the earnings service's face. Server-only.
import { publicBaseUrl } from '#src/lib/env';
import { ValidationError } from '#src/lib/isomorphic/errors';
import { requireUser, withEm, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { transaction } from '#src/lib/transaction';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { userContact } from '#src/modules/users/users.repository';
import { ambassadorContact } from '#src/modules/ambassadors/ambassadors.repository';
import { bankAccountKey, encryptAccountNumber, maskAccountNumber } from './bank-account-crypto';
import { bankAccountInputSchema, type BankAccountJson, type PayeeScopeQuery, type BankAccountInput } from './earnings.schemas';
import { earningsPath } from './earnings.shared';
import type { EarningsDeps } from './earnings.service';
import { scopeOf, type Scope } from './payee-scope';

export function createBankAccountService(deps: EarningsDeps) {
  const { env, audit, banks } = deps;

  function accountJson(scope: Scope, row: Record<string, string | null> | undefined): BankAccountJson {
    const registered = !!row?.bank_code;
    return {
      payee_name: scope.name,
      registered,
      bank_code: row?.bank_code ?? null,
      bank_name: row?.bank_code ? banks.bankName(row.bank_code) : null,
      branch_code: row?.branch_code ?? null,
      branch_name: row?.bank_code && row.branch_code ? banks.branchName(row.bank_code, row.branch_code) : null,
      account_type: (row?.account_type as BankAccountJson['account_type']) ?? null,
      account_number_masked: row?.account_number_last3 ? maskAccountNumber(row.account_number_last3) : null,
      holder_name: row?.holder_name ?? null,
    };
  }

  /** GET /api/v1/host/bank-account: the payee's account, the number masked (only the payee's own people see it). */
  async function bankAccount(ctx: Ctx, input: PayeeScopeQuery): Promise<BankAccountJson> {
    const user = requireUser(ctx);
    const scope = await scopeOf(ctx.em, user, input);
    if (scope.payeeId === null) return accountJson(scope, undefined);
    const [row] = await ctx.em.execute<Record<string, string | null>[]>(
      'SELECT bank_code, branch_code, account_type, account_number_last3, holder_name FROM payees WHERE id = ?',
      [scope.payeeId],
    );
    return accountJson(scope, row);
  }

  /**
   * PUT /api/v1/host/bank-account: registers or changes the account. The bank and branch must exist in the
   * zengin-code list; the holder name is stored as a transfer file carries it; the number is encrypted. Audited, and
   * the payee is mailed (an unexpected change is how a takeover would show): the new account masked, the earnings
   * page to check it, the inquiry form to report it and, for an ambassador's account, the member who changed it.
   */
  async function updateBankAccount(ctx: Ctx, input: PayeeScopeQuery & BankAccountInput): Promise<BankAccountJson> {
    const user = requireUser(ctx);
    const data = parseInput(bankAccountInputSchema, input);
    const e = ja.earnings;
    if (!banks.bankName(data.bank_code)) throw ValidationError.of('bank_code', e.bankUnknown);
    if (!banks.branchName(data.bank_code, data.branch_code)) throw ValidationError.of('branch_code', e.branchUnknown);
    const holder = data.holder_name;
    const number = data.account_number.padStart(7, '0');
    const encrypted = encryptAccountNumber(bankAccountKey(env), number);
    return transaction(ctx.em, async (em) => {
      const scope = await scopeOf(em, user, input);
      const column = scope.kind === 'ambassador' ? 'ambassador_id' : 'user_id';
      await em.execute(`INSERT INTO payees (${column}) VALUES (?) ON CONFLICT DO NOTHING`, [scope.id]);
      const [before] = await em.execute<Record<string, string | null>[]>(
        `SELECT id, bank_code, branch_code, account_type, account_number_last3, holder_name FROM payees WHERE ${column} = ? FOR UPDATE`,
        [scope.id],
      );
      await em.execute(
        `UPDATE payees SET bank_code = ?, branch_code = ?, account_type = ?, account_number_encrypted = ?, account_number_last3 = ?,
           holder_name = ?, updated_at = now() WHERE id = ?`,
        [data.bank_code, data.branch_code, data.account_type, encrypted, number.slice(-3), holder, before.id],
      );
      const after = {
        bank_code: data.bank_code,
        branch_code: data.branch_code,
        account_type: data.account_type,
        account_number_last3: number.slice(-3),
        holder_name: holder,
      };
      const { id: _id, ...beforeFields } = before;
      audit.record(withEm(ctx, em), {
        entityType: 'payee',
        entityId: Number(before.id),
        action: 'update_bank_account',
        before: beforeFields.bank_code ? beforeFields : null,
        after,
      });
      await em.flush();
      const contact =
        scope.kind === 'user'
          ? await userContact(em, scope.id)
          : await ambassadorContact(em, scope.id).then((c) => ({ name: c.name, email: c.email ?? env.OFFICE_EMAIL }));
      const json = accountJson({ ...scope, payeeId: Number(before.id) }, after);
      const baseUrl = publicBaseUrl(env);
      await enqueueMail(em, [
        {
          dedupeKey: `bank-account:${before.id}:${Date.now()}`,
          to: contact.email,
          // A change to where the host's money goes: a security notice, always sent, to a host user's account; an
          // ambassador's address has no account behind it.
          footer: scope.kind === 'user' ? { account: 'user', kind: 'security' } : null,
          subject: e.bankAccountMailSubject,
          text: mailText({
            name: contact.name,
            body: e.bankAccountMailBody({
              account: ja.money.account(
                `${json.bank_name} ${json.branch_name}`,
                data.account_type,
                maskAccountNumber(after.account_number_last3),
              ),
              changedBy: scope.kind === 'ambassador' ? user.name : null,
              url: `${baseUrl}${earningsPath(scope.kind === 'ambassador' ? scope.id : null)}`,
              inquiryUrl: `${baseUrl}/inquiry`,
            }),
            baseUrl,
          }),
        },
      ]);
      return json;
    });
  }

  return { bankAccount, updateBankAccount };
}
