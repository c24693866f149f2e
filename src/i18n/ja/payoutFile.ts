/**
 * The 全銀 transfer file of a batch already paid (payouts.service.ts exportFile, `payouts:export`, /admin/payouts):
 * handing it to the bank again would pay every payee twice, so it is written only as a copy for the records.
 */
export const payoutFile = {
  paidBatchRefused: (month: string) =>
    `${month} の支払バッチは支払済みです。この振込ファイルを銀行に渡すと二重に振り込まれるため、書き出しません。記録用の控えが必要なときは、控えとして書き出す指定をしてください（CLI: --reexport、API: reexport=true）`,
  /** On stderr after a copy is written: `file` is the file written, or null for stdout. */
  copyWarning: (month: string, file: string | null) =>
    `注意: ${month} の支払バッチは支払済みです。${file === null ? '書き出した内容' : file} は記録用の控えです。銀行に渡すと二重に振り込まれます`,
  reexportQuery: '支払済みのバッチを記録用の控えとして取得する（true のときだけ。ファイル名に -paid-copy が付きます）',
  downloadCopy: '振込ファイル（控え）',
  downloadCopyTitle: '支払済みのバッチの記録用の控えです。銀行には渡さないでください',
} as const;
