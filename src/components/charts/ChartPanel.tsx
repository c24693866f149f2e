// One dashboard panel: the heading, the key numbers beside the chart, the chart(s), and every number as a table in a
// <details> (closed at first; for anyone who wants the exact values, and for screen readers, which can open it).
import type { ReactNode } from 'react';
import * as ja from '#src/i18n/ja';

export interface Figure {
  label: string;
  value: string;
}

export interface ChartTable {
  /** The first column's heading (週, 月, 種類). */
  rowHeader: string;
  rows: readonly string[];
  columns: readonly { label: string; values: readonly string[] }[];
}

export function ChartPanel(props: {
  id: string;
  title: string;
  note?: string;
  figures: readonly Figure[];
  table: ChartTable;
  link?: { href: string; label: string };
  children: ReactNode;
}) {
  const headingId = `${props.id}-heading`;
  return (
    <section className="panel chart-panel" aria-labelledby={headingId} data-testid={`panel-${props.id}`}>
      <h2 id={headingId} className="chart-panel__title">
        {props.title}
      </h2>
      {props.note && <p className="chart-panel__note muted">{props.note}</p>}
      <div className={props.figures.length > 0 ? 'chart-panel__body chart-panel__body--figures' : 'chart-panel__body'}>
        <div className="chart-panel__charts">{props.children}</div>
        {props.figures.length > 0 && (
          <dl className="chart-panel__figures" data-testid="figures">
            {props.figures.map((f) => (
              <div key={f.label} className="chart-panel__figure">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <details className="chart-panel__table">
        <summary>{ja.dashboards.showTable}</summary>
        <div className="chart-panel__scroll">
          <table>
            <caption className="visually-hidden">{props.title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.table.rowHeader}</th>
                {props.table.columns.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.table.rows.map((row, i) => (
                <tr key={row}>
                  <th scope="row">{row}</th>
                  {props.table.columns.map((c) => (
                    <td key={c.label}>{c.values[i]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {props.link && (
        <p className="chart-panel__link">
          <a href={props.link.href}>{props.link.label} ›</a>
        </p>
      )}
    </section>
  );
}
