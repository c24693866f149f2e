// カレンダーに追加 on /reservations/{id}.
export const calendarLinks = {
  title: 'カレンダーに追加',
  ics: 'カレンダーファイル（.ics）',
  icsHint: 'iPhone・Mac・Outlook などのカレンダーに追加できます（日本時間）',
  google: (date: string) => `Google カレンダーに追加（${date}）`,
  notConfirmed: 'カレンダーに追加できるのは確定した予約だけです',
} as const;
