// The bench's one rule for a percentile or a median of measured values: the nearest rank, the smallest value that at
// least the fraction q of the values are at or below (so the median of an even count is the lower of the middle two).
// Every part reports its p50, p95, p99 and medians through these, so two parts' figures are comparable.

/** The position, in ascending order, of the q-quantile of `n` values (0 < q ≤ 1) by nearest rank. */
export function rankIndex(n: number, q: number): number {
  return Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1));
}

/** The q-quantile of `values` by nearest rank (in any order; not changed); NaN without values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[rankIndex(sorted.length, q)];
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
