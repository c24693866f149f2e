// /brand: the charts under the dashboard's previews: participants and applications per month (12 months, Japan
// time) across the brand's communities, and the next dates with how full they are.
import { scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { ChartPanel } from '#src/components/charts/ChartPanel';
import { type Periods, SeriesPanel } from '#src/components/charts/SeriesPanel';
import { asOfText, axisNumber, countText, monthLong, monthTick, peopleText } from '#src/components/charts/chart-labels';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import type { BrandDashboardJson } from '#src/modules/dashboards/dashboards.schemas';
import * as ja from '#src/i18n/ja';

const t = ja.dashboards;
/** Every 2nd month under the bars on a phone, every month on a wide screen. */
const MONTH_TICKS = [2, 1] as const;
const BAR_WIDTH = 200;

/** The 12 months' panel of one series. */
function Monthly(props: {
  id: string;
  title: string;
  label: string;
  note?: string;
  months: readonly string[];
  values: readonly number[];
  format: (n: number) => string;
}) {
  const periods: Periods = {
    axis: t.monthAxis,
    ticks: props.months.map(monthTick),
    rows: props.months.map(monthLong),
    tickEvery: MONTH_TICKS,
    latest: t.thisMonth,
    previous: t.lastMonth,
    total: t.total12,
  };
  return (
    <SeriesPanel
      id={props.id}
      title={props.title}
      note={props.note}
      periods={periods}
      series={[{ id: props.id, label: props.label, values: props.values, format: props.format, axis: axisNumber }]}
    />
  );
}

export function BrandCharts({ dashboard }: { dashboard: BrandDashboardJson }) {
  const u = t.upcoming;
  const x = scaleLinear<number>({ domain: [0, 100], range: [0, BAR_WIDTH], clamp: true });
  const events = dashboard.upcoming_events;
  return (
    <div className="dashboard brand-dashboard__charts" data-testid="brand-charts">
      <p className="dashboard__lead muted">{t.brandLead(asOfText(dashboard.as_of))}</p>
      <Monthly
        id="participants"
        title={t.participants.title}
        label={t.participants.count}
        note={t.participants.note}
        months={dashboard.participants.map((m) => m.month)}
        values={dashboard.participants.map((m) => m.participants)}
        format={peopleText}
      />
      <Monthly
        id="applications"
        title={t.applications.title}
        label={t.applications.count}
        months={dashboard.applications.map((m) => m.month)}
        values={dashboard.applications.map((m) => m.applications)}
        format={countText}
      />
      <ChartPanel
        id="upcoming"
        title={u.title}
        note={u.note}
        figures={[]}
        table={{
          rowHeader: u.experience,
          rows: events.map((e) => `${e.title}（${formatDateJa(e.date)} ${e.start_time}）`),
          columns: [
            { label: u.fill, values: events.map((e) => u.seats(e.participant_number, e.recruitment_number)) },
            { label: '%', values: events.map((e) => u.percent(e.fill_percent)) },
          ],
        }}
      >
        {events.length === 0 ? (
          <p className="muted">{u.none}</p>
        ) : (
          <ul className="fill-list" data-testid="upcoming-events">
            {events.map((e) => (
              <li key={e.calendar_id}>
                <div className="fill-list__head">
                  <span className="fill-list__title">{e.title}</span>
                  <span className="fill-list__meta">
                    {formatDateJa(e.date)} {e.start_time} ・ {e.community_name}
                  </span>
                </div>
                <div className="fill-list__bar">
                  <svg
                    viewBox={`0 0 ${BAR_WIDTH} 12`}
                    preserveAspectRatio="none"
                    role="img"
                    aria-label={u.barLabel(e.title, e.fill_percent)}
                  >
                    <rect className="fill-list__track" x={0} y={0} width={BAR_WIDTH} height={12} rx={3} />
                    <Bar className="chart__bar chart__bar--1" x={0} y={0} width={x(e.fill_percent)} height={12} rx={3} />
                  </svg>
                  <span className="fill-list__value">
                    {u.seats(e.participant_number, e.recruitment_number)}（{u.percent(e.fill_percent)}）
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ChartPanel>
    </div>
  );
}
