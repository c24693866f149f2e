// /admin: the weekly charts (bookings and gross amount, cancellations and refunds, sign-ups; 26 weeks, Japan time)
// and the two queues (inquiries by status, experiences awaiting approval), each with its numbers beside it.
import { BarChart } from '#src/components/charts/BarChart';
import { ChartPanel } from '#src/components/charts/ChartPanel';
import {
  asOfText,
  axisNumber,
  axisYen,
  countText,
  peopleText,
  seriesDescription,
  sum,
  weekLong,
  weekTick,
  yenText,
} from '#src/components/charts/chart-labels';
import type { AdminDashboardJson } from '#src/modules/dashboards/dashboards.schemas';
import { APPROVAL_WAIT_BUCKETS } from '#src/modules/dashboards/dashboards.shared';
import * as ja from '#src/i18n/ja';

const t = ja.dashboards;
/** Every 4th week's date under the bars on a phone, every 2nd on a wide screen (counted back from this week). */
const WEEK_TICKS = [4, 2] as const;

/** This week's and last week's values and the 26 weeks' sum, as the numbers beside a weekly chart. */
function weekFigures(label: string, values: readonly number[], format: (n: number) => string) {
  const n = values.length;
  return [
    { label: `${label}（${t.thisWeek}）`, value: format(values[n - 1] ?? 0) },
    { label: `${label}（${t.lastWeek}）`, value: format(values[n - 2] ?? 0) },
    { label: `${label}（${t.total26}）`, value: format(sum(values)) },
  ];
}

export function AdminDashboard({ dashboard }: { dashboard: AdminDashboardJson }) {
  const weeks = dashboard.bookings.map((w) => w.week_start);
  const ticks = weeks.map(weekTick);
  const rows = weeks.map(weekLong);
  const bookings = dashboard.bookings.map((w) => w.bookings);
  const gross = dashboard.bookings.map((w) => w.gross_amount);
  const cancellations = dashboard.cancellations.map((w) => w.cancellations);
  const refunds = dashboard.cancellations.map((w) => w.refunds);
  const refundAmount = dashboard.cancellations.map((w) => w.refund_amount);
  const users = dashboard.new_users.map((w) => w.new_users);
  const inquiryKinds = dashboard.inquiries.map((i) => t.inquiries[i.kind]);
  const inquiryTicks = dashboard.inquiries.map((i) => t.inquiries.ticks[i.kind]);
  const waits = APPROVAL_WAIT_BUCKETS.map((b) => dashboard.awaiting_approval.find((a) => a.bucket === b)?.experiences ?? 0);
  const waitLabels = APPROVAL_WAIT_BUCKETS.map((b) => t.approvals.buckets[b]);
  const weekly = (id: string, title: string, values: readonly number[], format: (n: number) => string, axis = axisNumber) => (
    <BarChart
      id={id}
      title={title}
      description={seriesDescription(title, rows, values, format)}
      ticks={ticks}
      series={[{ label: title, values }]}
      formatAxis={axis}
      tickEvery={WEEK_TICKS}
      axisLabel={t.weekAxis}
    />
  );
  return (
    <div className="dashboard" data-testid="admin-dashboard">
      <div className="admin-head">
        <h1>{t.adminTitle}</h1>
      </div>
      <p className="dashboard__lead muted">{t.adminLead(asOfText(dashboard.as_of))}</p>

      <ChartPanel
        id="bookings"
        title={t.bookings.title}
        note={t.bookings.note}
        figures={[...weekFigures(t.bookings.count, bookings, countText), ...weekFigures(t.bookings.gross, gross, yenText)]}
        table={{
          rowHeader: t.weekAxis,
          rows,
          columns: [
            { label: t.bookings.count, values: bookings.map(countText) },
            { label: t.bookings.gross, values: gross.map(yenText) },
          ],
        }}
      >
        <p className="chart__caption">{t.bookings.count}</p>
        {weekly('bookings-count', t.bookings.count, bookings, countText)}
        <p className="chart__caption">{t.bookings.gross}</p>
        {weekly('bookings-gross', t.bookings.gross, gross, yenText, axisYen)}
      </ChartPanel>

      <ChartPanel
        id="cancellations"
        title={t.cancellations.title}
        note={t.cancellations.note}
        figures={[
          ...weekFigures(t.cancellations.count, cancellations, countText),
          { label: `${t.cancellations.refunds}（${t.total26}）`, value: countText(sum(refunds)) },
          { label: `${t.cancellations.refundAmount}（${t.total26}）`, value: yenText(sum(refundAmount)) },
        ]}
        table={{
          rowHeader: t.weekAxis,
          rows,
          columns: [
            { label: t.cancellations.count, values: cancellations.map(countText) },
            { label: t.cancellations.refunds, values: refunds.map(countText) },
            { label: t.cancellations.refundAmount, values: refundAmount.map(yenText) },
          ],
        }}
      >
        <p className="chart__caption">{t.cancellations.count}</p>
        {weekly('cancellations-count', t.cancellations.count, cancellations, countText)}
        <p className="chart__caption">{t.cancellations.refundAmount}</p>
        {weekly('refund-amount', t.cancellations.refundAmount, refundAmount, yenText, axisYen)}
      </ChartPanel>

      <ChartPanel
        id="new-users"
        title={t.users.title}
        figures={weekFigures(t.users.count, users, peopleText)}
        table={{ rowHeader: t.weekAxis, rows, columns: [{ label: t.users.count, values: users.map(peopleText) }] }}
      >
        {weekly('new-users', t.users.count, users, peopleText)}
      </ChartPanel>

      <ChartPanel
        id="inquiries"
        title={t.inquiries.title}
        figures={dashboard.inquiries.map((i) => ({
          label: `${t.inquiries[i.kind]}（${t.inquiries.unresolved}）`,
          value: countText(i.unresolved),
        }))}
        table={{
          rowHeader: t.inquiries.kind,
          rows: inquiryKinds,
          columns: [
            { label: t.inquiries.unresolved, values: dashboard.inquiries.map((i) => countText(i.unresolved)) },
            { label: t.inquiries.resolved, values: dashboard.inquiries.map((i) => countText(i.resolved)) },
          ],
        }}
        link={{ href: '/admin/brand_ambassador_inquiries', label: t.inquiries.open }}
      >
        <BarChart
          id="inquiries"
          title={t.inquiries.title}
          description={t.categorySummary(
            t.inquiries.title,
            dashboard.inquiries
              .map(
                (i) =>
                  `${t.inquiries[i.kind]} ${t.inquiries.unresolved}${countText(i.unresolved)}、${t.inquiries.resolved}${countText(i.resolved)}`,
              )
              .join('。'),
          )}
          ticks={inquiryTicks}
          series={[
            { label: t.inquiries.unresolved, values: dashboard.inquiries.map((i) => i.unresolved) },
            { label: t.inquiries.resolved, values: dashboard.inquiries.map((i) => i.resolved) },
          ]}
          formatAxis={axisNumber}
        />
      </ChartPanel>

      <ChartPanel
        id="approvals"
        title={t.approvals.title}
        figures={[{ label: t.approvals.waiting, value: countText(sum(waits)) }]}
        table={{ rowHeader: t.approvals.wait, rows: waitLabels, columns: [{ label: t.approvals.waiting, values: waits.map(countText) }] }}
        link={{ href: '/admin/experiences', label: t.approvals.open }}
      >
        <BarChart
          id="approvals"
          title={t.approvals.title}
          description={t.categorySummary(t.approvals.title, waitLabels.map((label, i) => `${label} ${countText(waits[i])}`).join('、'))}
          ticks={waitLabels}
          series={[{ label: t.approvals.waiting, values: waits }]}
          formatAxis={axisNumber}
        />
      </ChartPanel>
    </div>
  );
}
