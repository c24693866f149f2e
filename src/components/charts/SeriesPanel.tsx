// A dashboard panel of time series (weeks or months), the one shape of the admin's and the brand's: a bar chart for
// each charted series (titled with the panel's title when it is the only one, else captioned with its label), the
// numbers beside them (the latest and the previous period and the whole range, or the range's total only), and every
// series as a column of the panel's table.
import { Fragment } from 'react';
import { BarChart } from './BarChart';
import { ChartPanel, type Figure } from './ChartPanel';
import { axisNumber, seriesDescription, sum } from './chart-labels';

/** The periods of a panel: their labels and the words of the numbers beside the charts. */
export interface Periods {
  /** The table's first column (週, 月). */
  axis: string;
  /** The x axis's title, where the ticks alone do not say what a bar is (a week's Monday). */
  axisTitle?: string;
  /** Under the bars (shortened) and in the table (in full). */
  ticks: readonly string[];
  rows: readonly string[];
  /** Show every n-th tick label: [phone, wide]. */
  tickEvery: readonly [number, number];
  latest: string;
  previous: string;
  total: string;
}

export interface Series {
  id: string;
  label: string;
  values: readonly number[];
  format: (n: number) => string;
  /** The y axis's numbers; without one the series is only in the figures and the table. */
  axis?: (n: number) => string;
  /** Beside the chart: the latest, the previous and the total (default), or the total only. */
  figures?: 'periods' | 'total';
}

function figuresOf(s: Series, periods: Periods): Figure[] {
  const n = s.values.length;
  const total = { label: `${s.label}（${periods.total}）`, value: s.format(sum(s.values)) };
  if (s.figures === 'total') return [total];
  return [
    { label: `${s.label}（${periods.latest}）`, value: s.format(s.values[n - 1] ?? 0) },
    { label: `${s.label}（${periods.previous}）`, value: s.format(s.values[n - 2] ?? 0) },
    total,
  ];
}

export function SeriesPanel(props: { id: string; title: string; note?: string; periods: Periods; series: readonly Series[] }) {
  const { periods } = props;
  const charted = props.series.filter((s) => s.axis);
  return (
    <ChartPanel
      id={props.id}
      title={props.title}
      note={props.note}
      figures={props.series.flatMap((s) => figuresOf(s, periods))}
      table={{
        rowHeader: periods.axis,
        rows: periods.rows,
        columns: props.series.map((s) => ({ label: s.label, values: s.values.map(s.format) })),
      }}
    >
      {charted.map((s) => (
        <Fragment key={s.id}>
          {charted.length > 1 && <p className="chart__caption">{s.label}</p>}
          <BarChart
            id={s.id}
            title={charted.length > 1 ? s.label : props.title}
            description={seriesDescription(charted.length > 1 ? s.label : props.title, periods.rows, s.values, s.format)}
            ticks={periods.ticks}
            series={[{ label: s.label, values: s.values }]}
            formatAxis={s.axis ?? axisNumber}
            tickEvery={periods.tickEvery}
            axisLabel={periods.axisTitle}
          />
        </Fragment>
      ))}
    </ChartPanel>
  );
}
