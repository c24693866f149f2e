// The charts' Japanese labels: week and month ticks and table rows, axis numbers, and the description a screen
// reader hears. Isomorphic (digits grouped by money.ts, no Intl).
import { formatYmdJa, nowTimeInJapan, todayInJapan } from '#src/lib/isomorphic/dates';
import { groupDigits } from '#src/lib/isomorphic/money';
import * as ja from '#src/i18n/ja';

const t = ja.dashboards;

const parts = (ymd: string) => ymd.split('-').map(Number);

/** '2026-03-02' -> '3/2' */
export function weekTick(monday: string): string {
  const [, m, d] = parts(monday);
  return t.weekTick(m, d);
}

/** '2026-03-02' -> '2026年3月2日の週' */
export function weekLong(monday: string): string {
  const [y, m, d] = parts(monday);
  return t.weekLong(y, m, d);
}

/** '2026-03' -> '3月' */
export function monthTick(month: string): string {
  return t.monthTick(parts(month)[1]);
}

/** '2026-03' -> '2026年3月' */
export function monthLong(month: string): string {
  const [y, m] = parts(month);
  return t.monthLong(y, m);
}

export const countText = (n: number) => t.count(groupDigits(n));
export const peopleText = (n: number) => t.people(groupDigits(n));
export const yenText = (n: number) => t.yen(groupDigits(n));

/** Axis numbers: counts as they are, yen from 10,000 in 万 ('12万', '1.5万'). */
export function axisNumber(n: number): string {
  return groupDigits(n);
}
export function axisYen(n: number): string {
  if (n < 10_000) return groupDigits(n);
  const man = n / 10_000;
  return t.manYen(Number.isInteger(man) ? groupDigits(man) : String(Math.round(man * 10) / 10));
}

/** What a time series shows, for the SVG's description: its range and its largest value. */
export function seriesDescription(
  title: string,
  labels: readonly string[],
  values: readonly number[],
  format: (n: number) => string,
): string {
  const first = labels[0] ?? '';
  const last = labels[labels.length - 1] ?? '';
  const max = Math.max(0, ...values);
  if (max === 0) return t.chartSummaryEmpty(title, first, last);
  return t.chartSummary(title, first, last, format(max), labels[values.indexOf(max)]);
}

/** The sum of a series. */
export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** An instant as '2026年3月4日 12:00' in Japan time (without Intl, see src/lib/dates.ts). */
export function asOfText(instant: string): string {
  const at = new Date(instant);
  return `${formatYmdJa(todayInJapan(at))} ${nowTimeInJapan(at)}`;
}
