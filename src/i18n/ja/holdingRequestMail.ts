/** The host's mail about a holding request. */
export const holdingRequestMail = {
  subject: (title: string) => `【たびとこ】開催リクエストが届きました：${title}`,
  lead: (who: string, title: string) => `${who} 様から「${title}」の開催リクエストが届きました。`,
  hint: '新しい日程を追加すると、体験ページから予約できるようになります。',
  list: (url: string) => `リクエストの一覧: ${url}`,
} as const;
