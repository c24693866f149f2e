/** The inquiry export (CLI export-inquiries). */
export const inquiryExport = {
  sinceInvalid: '開始日は YYYY-MM-DD の形式の正しい日付で指定してください',
  untilInvalid: '終了日は YYYY-MM-DD の形式の正しい日付で指定してください',
  rangeOrder: '終了日は開始日以降の日付を指定してください',
  resolvedInvalid: '対応状況の指定が正しくありません',
  resolved: '対応済み',
  unresolved: '未対応',
  header: {
    id: 'ID',
    createdAt: '受付日時',
    status: '対応状況',
    name: 'お名前',
    companyName: '会社名・団体名',
    departmentName: '部署名',
    positionName: '役職',
    email: 'メールアドレス',
    subject: 'お問い合わせ種別',
    content: 'お問い合わせ内容',
    userId: 'アカウントID',
    reservationNumber: '予約番号',
  },
} as const;
