/** The host's record of a slot they cancelled (この回を中止する): what the cancellation did. */
export const slotCancellationMail = {
  subject: (title: string) => `【たびとこ】開催を中止しました：${title}`,
  lead: (title: string, when: string) => `「${title}」の ${when} の回を中止しました。中止によって行ったことをお知らせします。`,
  /** A payment that finished while the slot was being cancelled (a 3-D Secure window): cancelled after the others. */
  leadLate: (title: string, when: string) =>
    `「${title}」の ${when} の回の中止の手続き中にお支払いが完了した予約も、キャンセルして全額を返金しました。`,
  reservations: (count: number, people: number) => `■ キャンセルした予約: ${count}件（${people}名）`,
  noReservations: '■ キャンセルした予約: なし',
  reservationRefunded: (id: number, name: string, people: number, refund: string) =>
    `  ・予約番号 ${id}　${name} 様 ${people}名　返金 ${refund}`,
  reservationUnpaid: (id: number, name: string, people: number) =>
    `  ・予約番号 ${id}　${name} 様 ${people}名　返金なし（お支払いのないご予約）`,
  refundTotal: (amount: string, count: number) => `■ 返金の合計: ${amount}（${count}件）`,
  noRefund: '■ 返金の合計: なし（お支払いのあったご予約はありません）',
  waitlistTold: (entries: number, people: number) => `■ キャンセル待ち: ${entries}件（${people}名）の方に開催中止をお知らせしました`,
  waitlistNone: '■ キャンセル待ち: お待ちの方はいませんでした',
  guestsTold: '予約者の皆さまには、中止の理由と返金についてメールでお知らせしました。',
  refundNote: '返金はお支払いに使われたカードへ行います。カード会社によって反映までに日数がかかる場合があります。',
  closed: 'この回は予約の受付を終了しました。',
  list: (url: string) => `この体験の予約の管理: ${url}`,
} as const;
