// Money is integer yen (ARCHITECTURE.md "Money"). Isomorphic.
const yenFormat = new Intl.NumberFormat('ja-JP');

/** 12345 -> "¥12,345" */
export function formatYen(amount: number): string {
  return `¥${yenFormat.format(amount)}`;
}

/** 12345 -> "12,345円" */
export function formatYenSuffix(amount: number): string {
  return `${yenFormat.format(amount)}円`;
}
