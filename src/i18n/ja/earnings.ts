import { mailSignature } from './mailSignature';

const CANCELLED_WITHOUT_REFUND = 'キャンセル（返金なし）';

/** /host/earnings and the payee's bank account. */
export const earnings = {
  title: '売上・お支払い',
  bankTitle: '振込先口座',
  payeeInvalid: '支払先の指定が正しくありません',
  notMember: 'このアンバサダーの売上は見られません',
  bankCodeInvalid: '銀行コードは4桁の数字で入力してください',
  bankUnknown: 'この銀行コードの銀行が見つかりません',
  branchCodeInvalid: '支店コードは3桁の数字で入力してください',
  branchUnknown: 'この銀行にこの支店コードの支店が見つかりません',
  accountTypeInvalid: '預金種目は普通か当座を選んでください',
  accountNumberInvalid: '口座番号は7桁以内の数字で入力してください',
  holderNameRequired: '口座名義（カナ）を入力してください',
  holderNameTooLong: '口座名義は30文字以内で入力してください',
  holderNameChars: '口座名義はカタカナ・英大文字・数字と ( ) . - / で入力してください',
  bankAccountMailSubject: '【たびとこ】振込先口座が変更されました',
  /**
   * To the payee after its bank account changed. `changedBy`: the member who changed an ambassador's account (null
   * for a host's own); `url` the payee's earnings page, `inquiryUrl` the inquiry form.
   */
  bankAccountMailBody: (input: {
    name: string;
    account: string;
    changedBy: string | null;
    url: string;
    inquiryUrl: string;
    baseUrl: string;
  }) =>
    [
      `${input.name} 様`,
      '',
      '売上のお振込先口座が変更されました。',
      `振込先: ${input.account}`,
      ...(input.changedBy ? [`変更した方: ${input.changedBy} 様`] : []),
      '',
      '登録内容は、売上・お支払いのページで確認できます。',
      input.url,
      '',
      'お心当たりがない場合は、すぐにお問い合わせフォームから運営事務局へご連絡ください。',
      input.inquiryUrl,
      '',
      mailSignature.text(input.baseUrl),
    ].join('\n'),
  status: { expected: '予定', confirmed: '確定', paid: '支払済み', cancelled: '取消' },
  /** A reservation the guest cancelled after the refund deadline: the earning stays. */
  cancelledWithoutRefund: CANCELLED_WITHOUT_REFUND,
  /** The statements' status cell: the status, and the guest's cancellation when the earning stays. */
  statusText: (label: string, cancelledWithoutRefund: boolean) =>
    cancelledWithoutRefund ? `${label}・${CANCELLED_WITHOUT_REFUND}` : label,
  /** A row's date (its last) and how many more the reservation holds. */
  dateWithOthers: (date: string, count: number) => (count > 1 ? `${date} ほか${count - 1}日程` : date),
  columns: {
    date: '開催日',
    experience: '体験',
    guests: '人数',
    amount: '売上',
    commission: '手数料',
    earning: 'お受取額',
    status: '状態',
  },
  totals: '合計',
  commissionTaxNote: (tax: string) => `手数料には消費税（10%）${tax}が含まれます`,
  adjustments: '調整',
  balanceConfirmed: '確定残高（未払い）',
  balanceExpected: '予定（開催前）',
  nextPayout: '次回のお支払い',
  nextPayoutValue: (date: string, amount: string) => `${date}に${amount}（見込み）`,
  belowMinimum: (minimum: string) => `${minimum}に満たない場合は翌月に繰り越します`,
  paidHistory: '支払履歴',
  noRows: 'この月の売上はありません',
  statementCsv: '支払明細書（CSV）',
  statementPdf: '支払明細書（PDF）',
  statementTitle: '支払明細書',
  statementMonth: '対象月',
  statementPeriod: '対象期間',
  statementIssuedOn: '発行日',
  statementTaxNote: (percent: number, tax: string) => `手数料（税込）のうち消費税（${percent}%）: ${tax}`,
  statementEarnings: 'この月のお受取額',
  statementBalance: '締め日時点の確定残高',
  statementTransfer: (date: string) => `お振込額（${date}）`,
  statementTransferNone: 'お振込',
  monthLabel: (month: string) => `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月`,
  monthOpen: '（締め前）',
  payeeSwitch: '表示する売上',
  ownEarnings: 'ご自身',
  bankRegistered: '登録済みの口座',
  bankNotRegistered: '振込先口座が未登録です。登録するまでお支払いは保留されます。',
  bankCode: '銀行コード（4桁）',
  branchCode: '支店コード（3桁）',
  accountType: '預金種目',
  accountNumber: '口座番号（7桁）',
  holderName: '口座名義（カナ）',
  save: '口座を保存する',
  saved: '振込先口座を保存しました',
  editBank: '振込先口座を登録・変更する',
  csvHeader: ['予約番号', '開催日', '体験', '人数', '売上', '手数料', '手数料のうち消費税', 'お受取額', '状態'],
} as const;
