import * as ja from '#src/i18n/ja';
import { formatYmdJa } from '#src/lib/isomorphic/dates';
import { formatYen } from '#src/lib/isomorphic/money';
import type { EarningsJson } from '#src/modules/earnings/earnings.schemas';

const t = ja.earnings;

/**
 * The month's adjustments (date, reason, amount) and, once the month's payout is prepared, the lines that add up to
 * the balance at the close and the transfer: the same figures as the statement's CSV and PDF.
 */
export function MonthBalance({ earnings }: { earnings: EarningsJson }) {
  const { adjustments, payout, totals } = earnings;
  if (adjustments.length === 0 && !payout) return null;
  return (
    <div className="host-earnings__balance" data-testid="month-balance">
      {adjustments.length > 0 && (
        <>
          <h3 className="host-earnings__h3">{t.statementAdjustmentsTitle}</h3>
          <ul className="host-earnings__adjustments">
            {adjustments.map((a) => (
              <li key={a.id}>
                <span className="muted">{formatYmdJa(a.date)}</span>
                <span>{a.reason}</span>
                <span className="num">{formatYen(a.amount)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="host-earnings__facts">
        <div>
          <dt>{t.statementEarnings}</dt>
          <dd className="num">{formatYen(totals.earning)}</dd>
        </div>
        {adjustments.length > 0 && (
          <div>
            <dt>{t.adjustments}</dt>
            <dd className="num">{formatYen(totals.adjustments)}</dd>
          </div>
        )}
        {payout && (
          <>
            <div>
              <dt>{t.statementCarriedIn}</dt>
              <dd className="num">{formatYen(payout.carried_in)}</dd>
            </div>
            <div>
              <dt>{t.statementBalance}</dt>
              <dd className="num">{formatYen(payout.balance)}</dd>
            </div>
            {payout.status === 'payable' ? (
              <>
                <div>
                  <dt>{t.statementFee}</dt>
                  <dd className="num">{formatYen(payout.fee === 0 ? 0 : -payout.fee)}</dd>
                </div>
                <div>
                  <dt>{t.statementTransfer(formatYmdJa(payout.pay_date))}</dt>
                  <dd className="num">{formatYen(payout.transfer)}</dd>
                </div>
              </>
            ) : (
              <div>
                <dt>{t.statementTransferNone}</dt>
                <dd>{ja.money.itemStatus[payout.status]}</dd>
              </div>
            )}
          </>
        )}
      </dl>
    </div>
  );
}
