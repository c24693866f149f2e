/** Domain rules: double booking, slot times, coupon limits. */
export const bookingRules = {
  alreadyBooked: (date: string) => `${date}の回はすでに予約済みです`,
  paymentInProgress: (date: string, until: string) =>
    `${date}の回は、お支払いの手続きが完了していないご予約のため確保中です。お手続きを完了しなかった場合、${until}（日本時間）に解除されますので、その後もう一度お試しください`,
  paymentInProgressNoEnd: (date: string) =>
    `${date}の回は、お支払いの手続きが完了していないご予約のため確保中です。数分後にもう一度お試しください`,
  timeOutsideWindow: '時刻は06:00〜23:30の間で選択してください',
  couponFirstBookingOnly: 'このクーポンは初めてのご予約でのみご利用いただけます',
  couponPerUserUsedUp: (n: number) =>
    n === 1 ? 'このクーポンはすでにご利用済みです（お一人様1回まで）' : `このクーポンはお一人様${n}回までご利用いただけます`,
  cliMaxUsesPerGuest: 'お一人様あたりの利用回数の上限',
  cliFirstBookingOnly: '初めてのご予約のみ利用できるようにする',
  cliMinAmount: '利用できる最低金額（円、体験とオプションの合計・割引前）',
  maxUsesPerGuestInvalid: 'お一人様あたりの利用回数の上限は1以上の整数で入力してください',
  maxUsesPerGuestTooLarge: (max: number) => `お一人様あたりの利用回数の上限は${max.toLocaleString('ja-JP')}回以下で入力してください`,
  minAmountInvalid: '最低金額は1以上の整数（円）で入力してください',
  minAmountTooLarge: (max: number) => `最低金額は${max.toLocaleString('ja-JP')}円以下で入力してください`,
  couponMinAmount: (yen: number) => `このクーポンは${yen.toLocaleString('ja-JP')}円以上のご予約でご利用いただけます`,
} as const;
