import { earningsPath } from '#src/modules/earnings/earnings.shared';
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { Field, FormErrors, busyControl, useForm } from '#src/components/form';
import { bankAccountInputSchema, type EarningsJson } from '#src/modules/earnings/earnings.schemas';
import type { Data } from './+data';
import { MonthBalance } from './MonthBalance';
import '#src/components/chips.css';
import './host-earnings.css';
import { useReloadNotice } from '#src/components/use-reload-notice';
import { LiveRegion } from '#src/components/LiveRegion';

const t = ja.earnings;

interface BankValues {
  bank_code: string;
  branch_code: string;
  account_type: string;
  account_number: string;
  holder_name: string;
}

function BankAccount({ bank, ambassadorId }: Pick<Data, 'bank' | 'ambassadorId'>) {
  const [editing, setEditing] = useState(false);
  const query = ambassadorId ? `?ambassador_id=${ambassadorId}` : '';
  const form = useForm<BankValues>({
    // The server's schema in the browser too: every format error (the holder name's characters included) at once.
    schema: bankAccountInputSchema,
    path: `/api/v1/host/bank-account${query}`,
    method: 'PUT',
    toValues: (data) => ({
      bank_code: String(data.get('bank_code') ?? '').trim(),
      branch_code: String(data.get('branch_code') ?? '').trim(),
      account_type: String(data.get('account_type') ?? ''),
      account_number: String(data.get('account_number') ?? '').trim(),
      holder_name: String(data.get('holder_name') ?? '').trim(),
    }),
    onSuccess: () => reloadPage(t.saved),
  });
  return (
    <section className="panel host-earnings__bank" aria-labelledby="bank-title" data-testid="bank-account">
      <h2 id="bank-title" className="host-earnings__h2">
        {t.bankTitle}
      </h2>
      {bank.registered ? (
        <dl className="host-earnings__facts">
          <div>
            <dt>{ja.money.itemColumns.account}</dt>
            <dd>
              {bank.bank_name}（{bank.bank_code}） {bank.branch_name}（{bank.branch_code}）
            </dd>
          </div>
          <div>
            <dt>{t.accountNumber}</dt>
            <dd>
              {bank.account_type ? ja.money.accountType[bank.account_type] : ''} {bank.account_number_masked}
            </dd>
          </div>
          <div>
            <dt>{t.holderName}</dt>
            <dd>{bank.holder_name}</dd>
          </div>
        </dl>
      ) : (
        <p className="alert alert--info">{t.bankNotRegistered}</p>
      )}
      {!editing ? (
        <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)}>
          {t.editBank}
        </button>
      ) : (
        <form {...form.formProps} className="host-earnings__bank-form">
          <FormErrors messages={form.errors} />
          <div className="host-earnings__bank-row">
            <Field name="bank_code" label={t.bankCode} required messages={form.messages('bank_code')}>
              {(control) => <input className="input" inputMode="numeric" defaultValue={bank.bank_code ?? ''} {...control} />}
            </Field>
            <Field name="branch_code" label={t.branchCode} required messages={form.messages('branch_code')}>
              {(control) => <input className="input" inputMode="numeric" defaultValue={bank.branch_code ?? ''} {...control} />}
            </Field>
          </div>
          <Field name="account_type" label={t.accountType} required group messages={form.messages('account_type')}>
            {(control) => (
              <div className="host-earnings__radios">
                {(['ordinary', 'checking'] as const).map((type) => (
                  <label key={type} className="radio">
                    <input type="radio" name={control.name} value={type} defaultChecked={(bank.account_type ?? 'ordinary') === type} />{' '}
                    {ja.money.accountType[type]}
                  </label>
                ))}
              </div>
            )}
          </Field>
          <Field name="account_number" label={t.accountNumber} required messages={form.messages('account_number')}>
            {(control) => <input className="input" inputMode="numeric" autoComplete="off" {...control} />}
          </Field>
          <Field name="holder_name" label={t.holderName} required messages={form.messages('holder_name')}>
            {(control) => <input className="input" defaultValue={bank.holder_name ?? ''} {...control} />}
          </Field>
          <div className="host-earnings__actions">
            <button type="button" className="button button--ghost" {...busyControl(form.submitting, { onClick: () => setEditing(false) })}>
              {ja.common.cancel}
            </button>
            <button type="submit" className="button" {...form.submitProps}>
              {t.save}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function statusClass(status: EarningsJson['rows'][number]['status']): string {
  if (status === 'paid') return 'badge badge--success';
  if (status === 'cancelled') return 'badge badge--muted';
  if (status === 'confirmed') return 'badge';
  return 'badge badge--muted';
}

export default function Page() {
  const { earnings, bank, ambassadorId, minimum } = useData<Data>();
  const [notice] = useReloadNotice();
  const scope = ambassadorId ? `ambassador_id=${ambassadorId}` : '';
  const monthHref = (month: string) => `/host/earnings?${[scope, `month=${month}`].filter(Boolean).join('&')}`;
  const current = earnings.months.find((m) => m.month === earnings.month);
  const statementQuery = [scope, `month=${earnings.month}`].filter(Boolean).join('&');
  return (
    <section className="page host-earnings">
      <div className="host-earnings__head">
        <h1 className="page__title">{t.title}</h1>
        <a href="/host/reservations" className="button button--ghost button--small">
          {ja.hostReservations.title}
        </a>
      </div>
      {/* The notice of the reload arrives after hydration, into the region the server already sent. */}
      <LiveRegion>{notice && <p className="alert alert--success">{notice}</p>}</LiveRegion>
      {earnings.ambassadors.length > 0 && (
        <nav className="tabs" aria-label={t.payeeSwitch}>
          <a className="tabs__tab" href="/host/earnings" aria-current={ambassadorId ? undefined : 'page'}>
            {t.ownEarnings}
          </a>
          {earnings.ambassadors.map((a) => (
            <a key={a.id} className="tabs__tab" href={earningsPath(a.id)} aria-current={String(a.id) === ambassadorId ? 'page' : undefined}>
              {a.name}
            </a>
          ))}
        </nav>
      )}
      <div className="host-earnings__summary">
        <div className="panel host-earnings__card">
          <p className="host-earnings__label">{t.balanceConfirmed}</p>
          <p className="host-earnings__value" data-testid="balance-confirmed">
            {formatYen(earnings.balance.confirmed)}
          </p>
        </div>
        <div className="panel host-earnings__card">
          <p className="host-earnings__label">{t.balanceExpected}</p>
          <p className="host-earnings__value">{formatYen(earnings.balance.expected)}</p>
        </div>
        <div className="panel host-earnings__card">
          <p className="host-earnings__label">{t.nextPayout}</p>
          <p className="host-earnings__value host-earnings__value--small" data-testid="next-payout">
            {t.nextPayoutValue(
              formatDateJa(earnings.next_payout.pay_date),
              formatYen(earnings.next_payout.amount),
              earnings.next_payout.prepared,
            )}
          </p>
          {earnings.next_payout.below_minimum && <p className="muted host-earnings__note">{t.belowMinimum(formatYen(minimum))}</p>}
        </div>
      </div>

      <nav className="host-earnings__months" aria-label={t.title}>
        {earnings.months.map((m) => (
          <a key={m.month} className="chip" href={monthHref(m.month)} aria-current={m.month === earnings.month ? 'page' : undefined}>
            {t.monthLabel(m.month)}
            {!m.closed && t.monthOpen}
          </a>
        ))}
      </nav>

      <section className="panel host-earnings__month" aria-labelledby="month-title">
        <div className="host-earnings__month-head">
          <h2 id="month-title" className="host-earnings__h2">
            {t.monthLabel(earnings.month)}
            {current && !current.closed && t.monthOpen}
          </h2>
          {current?.closed && (
            <span className="host-earnings__downloads">
              <a className="button button--ghost button--small" href={`/api/v1/host/earnings/statement.pdf?${statementQuery}`} download>
                {t.statementPdf}
              </a>
              <a className="button button--ghost button--small" href={`/api/v1/host/earnings/statement?${statementQuery}`} download>
                {t.statementCsv}
              </a>
            </span>
          )}
        </div>
        {earnings.rows.length === 0 ? (
          <p className="muted">{t.noRows}</p>
        ) : (
          <div className="host-earnings__table-wrap">
            <table className="host-earnings__table" data-testid="earnings-table">
              <thead>
                <tr>
                  <th scope="col">{t.columns.date}</th>
                  <th scope="col">{t.columns.experience}</th>
                  <th scope="col" className="num">
                    {t.columns.guests}
                  </th>
                  <th scope="col" className="num">
                    {t.columns.amount}
                  </th>
                  <th scope="col" className="num">
                    {t.columns.commission}
                  </th>
                  <th scope="col" className="num">
                    {t.columns.earning}
                  </th>
                  <th scope="col">{t.columns.status}</th>
                </tr>
              </thead>
              <tbody>
                {earnings.rows.map((r) => (
                  <tr key={r.reservation_id}>
                    <td data-label={t.columns.date}>{t.dateWithOthers(formatDateJa(r.date), r.date_count)}</td>
                    <td data-label={t.columns.experience}>{r.experience_title}</td>
                    <td data-label={t.columns.guests} className="num">
                      {r.guests}
                    </td>
                    <td data-label={t.columns.amount} className="num">
                      {formatYen(r.amount)}
                    </td>
                    <td data-label={t.columns.commission} className="num">
                      {formatYen(r.commission)}
                    </td>
                    <td data-label={t.columns.earning} className="num">
                      {formatYen(r.earning)}
                    </td>
                    <td data-label={t.columns.status}>
                      <span className="host-earnings__status">
                        <span className={statusClass(r.status)}>{t.status[r.status]}</span>
                        {r.cancelled_without_refund && <span className="host-earnings__cancelled">{t.cancelledWithoutRefund}</span>}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t.totals}
                  </th>
                  <td data-label={t.columns.amount} className="num">
                    {formatYen(earnings.totals.amount)}
                  </td>
                  <td data-label={t.columns.commission} className="num">
                    {formatYen(earnings.totals.commission)}
                  </td>
                  <td data-label={t.columns.earning} className="num" data-testid="total-earning">
                    {formatYen(earnings.totals.earning)}
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        <p className="muted host-earnings__note">{t.commissionTaxNote(formatYen(earnings.totals.commission_tax))}</p>
        <MonthBalance earnings={earnings} />
      </section>

      {earnings.paid.length > 0 && (
        <section className="panel" aria-labelledby="paid-title">
          <h2 id="paid-title" className="host-earnings__h2">
            {t.paidHistory}
          </h2>
          <ul className="host-earnings__paid">
            {earnings.paid.map((p) => (
              <li key={p.month}>
                <span>{t.monthLabel(p.month)}</span>
                <span className="muted">{formatDateJa(p.pay_date)}</span>
                <span className="num">{formatYen(p.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <BankAccount bank={bank} ambassadorId={ambassadorId} />
    </section>
  );
}
