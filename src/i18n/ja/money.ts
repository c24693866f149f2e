const ACCOUNT_TYPE = { ordinary: '普通', checking: '当座' } as const;

/** Earnings, monthly close and payouts; the payees' bank accounts. */
export const money = {
  monthInvalid: '月は 2000-01〜2099-12 の YYYY-MM の形式で指定してください（例: 2026-10）',
  monthNotClosed: (month: string) => `${month} はまだ締め日を過ぎていません`,
  laterBatchExists: (month: string) => `${month} より後の月の支払バッチがすでにあります`,
  unpaidBatchExists: (month: string) => `${month} の支払バッチがまだ支払済みになっていません。先に支払済みにしてください`,
  batchNotFound: '支払バッチが見つかりませんでした',
  batchAlreadyPaid: 'この支払バッチはすでに支払済みです',
  batchNothingToExport: 'この支払バッチには振り込む支払先がありません',
  payeeNotFound: '支払先が見つかりませんでした',
  adjustmentAmountInvalid: '調整額は0以外の整数（円）で入力してください',
  adjustmentReasonRequired: '調整の理由を入力してください',
  adjustmentReasonTooLong: '調整の理由は500文字以内で入力してください',
  contractRateInvalid: '契約手数料率は0〜100（%）の数で、小数点以下2桁までで入力してください',
  batchStatus: { prepared: '準備済み', paid: '支払済み' },
  itemStatus: { payable: '支払対象', carried_over: '繰越', blocked: '口座未登録' },
  accountType: ACCOUNT_TYPE,
  /** A bank account as screens and mails show it: '三菱ＵＦＪ 横浜中山 普通 ****345' (the number already masked). */
  account: (bankAndBranch: string, type: keyof typeof ACCOUNT_TYPE, maskedNumber: string) =>
    `${bankAndBranch} ${ACCOUNT_TYPE[type]} ${maskedNumber}`,
  batchColumns: {
    month: '対象月',
    payDate: '支払日',
    status: '状態',
    payees: '支払先数',
    total: '振込合計',
    blocked: '口座未登録',
    carried: '繰越',
    exportedAt: '書き出し',
    paidAt: '支払日時',
  },
  itemColumns: {
    payee: '支払先',
    balance: '確定残高',
    carriedIn: 'うち繰越',
    fee: '振込手数料',
    transfer: '振込額',
    status: '状態',
    account: '口座',
  },
  prepared: (month: string, id: number) => `${month} の支払バッチ (ID: ${id}) を準備しました`,
  alreadyPrepared: (month: string, id: number) => `${month} の支払バッチ (ID: ${id}) はすでに準備済みです（変更していません）`,
  markedPaid: (id: number, count: number) => `支払バッチ (ID: ${id}) を支払済みにしました（${count}件の支払明細をメールで送ります）`,
  exportedFile: (file: string, count: number) => `${count}件の振込を ${file} に書き出しました（全銀協フォーマット）`,
  payoutMailSubject: (month: string) => `【たびとこ】${month}分のお支払いのご案内`,
  /** To a paid payee; `month` as read ('2026年9月'), `account` the one the batch pays (masked). */
  payoutMailBody: (input: {
    month: string;
    payDate: string;
    account: string;
    balance: string;
    fee: string;
    transfer: string;
    url: string;
  }) => [
    `${input.month}分のお支払いを、${input.payDate}付で次の口座へお振り込みする手続きをしました。`,
    '',
    `振込先: ${input.account}`,
    `確定残高: ${input.balance}`,
    `振込手数料: ${input.fee}`,
    `お振込額: ${input.transfer}`,
    '',
    `売上と支払明細はこちらからご覧いただけます: ${input.url}`,
  ],
  unpaidMailSubject: (month: string) => `【たびとこ】${month}分の売上は繰り越しになります`,
  /**
   * To a payee with a balance that a batch left unpaid: why (no bank account, or below the minimum) and what to do.
   * `needsAccount`: no bank account is registered (always so when blocked).
   */
  unpaidMailBody: (input: {
    month: string;
    payDate: string;
    balance: string;
    reason: 'blocked' | 'carried_over';
    minimum: string;
    needsAccount: boolean;
    url: string;
  }) => [
    ...(input.reason === 'blocked'
      ? [
          `${input.month}分のお支払い（${input.payDate}）では、振込先口座が登録されていないため、お振り込みできません。`,
          `確定残高 ${input.balance} は繰り越し、口座のご登録後、最初のお支払いでお振り込みします。`,
        ]
      : [
          `${input.month}分の確定残高 ${input.balance} は、お支払いの最低額 ${input.minimum} に満たないため、今回（${input.payDate}）はお振り込みしません。`,
          `残高は繰り越し、締め日の時点で ${input.minimum} 以上になった月にお支払いします。`,
        ]),
    '',
    ...(input.needsAccount
      ? [
          input.reason === 'blocked'
            ? '振込先口座は、次のページで登録できます。'
            : '振込先口座がまだ登録されていません。お支払いまでに、次のページで登録してください。',
          input.url,
        ]
      : [`売上と支払明細はこちらからご覧いただけます: ${input.url}`]),
  ],
} as const;
