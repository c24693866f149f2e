// /admin: the weekly charts (bookings and gross amount, cancellations and refunds, sign-ups; 26 weeks, Japan time)
// and the two queues (inquiries by status, experiences awaiting approval), each with its numbers beside it.
import { BarChart } from '#src/components/charts/BarChart';
import { ChartPanel } from '#src/components/charts/ChartPanel';
import { type Periods, SeriesPanel } from '#src/components/charts/SeriesPanel';
import {
  asOfText,
  axisNumber,
  axisYen,
  countText,
  peopleText,
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

export function AdminDashboard({ dashboard }: { dashboard: AdminDashboardJson }) {
  const weeks = dashboard.bookings.map((w) => w.week_start);
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
  const periods: Periods = {
    axis: t.weekAxis,
    axisTitle: t.weekAxis,
    ticks: weeks.map(weekTick),
    rows: weeks.map(weekLong),
    tickEvery: WEEK_TICKS,
    latest: t.thisWeek,
    previous: t.lastWeek,
    total: t.total26,
  };
  return (
    <div className="dashboard" data-testid="admin-dashboard">
      <div className="admin-head">
        <h1>{t.adminTitle}</h1>
      </div>
      <p className="dashboard__lead muted">{t.adminLead(asOfText(dashboard.as_of))}</p>

      <SeriesPanel
        id="bookings"
        title={t.bookings.title}
        note={t.bookings.note}
        periods={periods}
        series={[
          { id: 'bookings-count', label: t.bookings.count, values: bookings, format: countText, axis: axisNumber },
          { id: 'bookings-gross', label: t.bookings.gross, values: gross, format: yenText, axis: axisYen },
        ]}
      />

      <SeriesPanel
        id="cancellations"
        title={t.cancellations.title}
        note={t.cancellations.note}
        periods={periods}
        series={[
          { id: 'cancellations-count', label: t.cancellations.count, values: cancellations, format: countText, axis: axisNumber },
          { id: 'refunds', label: t.cancellations.refunds, values: refunds, format: countText, figures: 'total' },
          {
            id: 'refund-amount',
            label: t.cancellations.refundAmount,
            values: refundAmount,
            format: yenText,
            axis: axisYen,
            figures: 'total',
          },
        ]}
      />

      <SeriesPanel
        id="new-users"
        title={t.users.title}
        periods={periods}
        series={[{ id: 'new-users', label: t.users.count, values: users, format: peopleText, axis: axisNumber }]}
      />

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
