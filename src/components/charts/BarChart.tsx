// A bar chart as SVG (visx: d3 scales and React SVG primitives), rendered on the server and hydrated like the rest
// of the page. It is drawn twice, once for phones and once for wider screens, and CSS shows one (charts.css): an
// SVG scaled from one size to the other would make its 12px text 6px on a phone or 20px on a desktop. The shown
// one is an image with a title and a description for screen readers (the other is display:none, so it is not read).
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import './charts.css';

export interface BarSeries {
  label: string;
  values: readonly number[];
}

export interface BarChartProps {
  /** Unique on the page: the ids of the title and description. */
  id: string;
  /** The accessible title (also the heading's text, usually). */
  title: string;
  /** What the chart shows, read after the title. */
  description: string;
  /** The short text under each bar (shown every `tickEvery` bars). */
  ticks: readonly string[];
  series: readonly BarSeries[];
  /** The y axis's numbers. */
  formatAxis: (n: number) => string;
  /** Show every n-th tick label: [phone, wide]. */
  tickEvery?: readonly [number, number];
  /** The x axis's title (週, 月); none for categories. */
  axisLabel?: string;
}

interface Size {
  key: 'narrow' | 'wide';
  width: number;
  height: number;
  every: number;
}

const MARGIN = { top: 12, right: 8, bottom: 44, left: 52 };
const FONT = 12;

function Plot(props: BarChartProps & { size: Size }) {
  const { size, series } = props;
  const innerWidth = size.width - MARGIN.left - MARGIN.right;
  const innerHeight = size.height - MARGIN.top - MARGIN.bottom;
  const indexes = props.ticks.map((_, i) => i);
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = scaleBand<number>({ domain: indexes, range: [0, innerWidth], padding: 0.2 });
  const inner = scaleBand<number>({ domain: series.map((_, i) => i), range: [0, x.bandwidth()], padding: 0.08 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: 4 });
  const yTicks = y.ticks(4).filter((n) => Number.isInteger(n));
  const titleId = `${props.id}-${size.key}-title`;
  const descId = `${props.id}-${size.key}-desc`;
  return (
    <svg
      className={`chart__svg chart__svg--${size.key}`}
      viewBox={`0 0 ${size.width} ${size.height}`}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid={`chart-${props.id}`}
    >
      <title id={titleId}>{props.title}</title>
      <desc id={descId}>{props.description}</desc>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {yTicks.map((tick) => (
          <line key={tick} className="chart__grid" x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} />
        ))}
        {series.map((s, si) =>
          s.values.map((value, i) => {
            const height = innerHeight - y(value);
            return (
              <Bar
                // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions of a fixed series
                key={`${si}-${i}`}
                className={`chart__bar chart__bar--${si}`}
                x={(x(i) ?? 0) + (inner(si) ?? 0)}
                y={innerHeight - height}
                width={inner.bandwidth()}
                height={height}
              />
            );
          }),
        )}
        <AxisLeft
          scale={y}
          tickValues={yTicks}
          tickFormat={(n) => props.formatAxis(Number(n))}
          hideAxisLine
          hideTicks
          tickLabelProps={{ className: 'chart__tick', fontSize: FONT, textAnchor: 'end', dx: -4, dy: 4 }}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={indexes.filter((i) => (indexes.length - 1 - i) % size.every === 0)}
          tickFormat={(i) => props.ticks[Number(i)]}
          axisLineClassName="chart__axis"
          hideTicks
          tickLabelProps={{ className: 'chart__tick', fontSize: FONT, textAnchor: 'middle' }}
        />
        {props.axisLabel && (
          <text className="chart__axis-label" x={innerWidth} y={innerHeight + 38} fontSize={FONT} textAnchor="end">
            {props.axisLabel}
          </text>
        )}
      </Group>
    </svg>
  );
}

export function BarChart(props: BarChartProps) {
  const [narrowEvery, wideEvery] = props.tickEvery ?? [1, 1];
  return (
    <div className="chart">
      <Plot {...props} size={{ key: 'narrow', width: 320, height: 200, every: narrowEvery }} />
      <Plot {...props} size={{ key: 'wide', width: 640, height: 240, every: wideEvery }} />
      {props.series.length > 1 && (
        <ul className="chart__legend" aria-hidden="true">
          {props.series.map((s, si) => (
            <li key={s.label}>
              <span className={`chart__swatch chart__swatch--${si}`} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
