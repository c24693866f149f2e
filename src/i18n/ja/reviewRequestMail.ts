/** The request for a review, the morning after a reservation's last date (reviews/review-requests.ts). */
export const reviewRequestMail = {
  subject: (title: string) => `【たびとこ】体験はいかがでしたか？ レビューをお寄せください：${title}`,
  thanks: (title: string) => `先日は「${title}」にご参加いただき、ありがとうございました。`,
  ask: 'よろしければ、体験の感想をレビューでお聞かせください。評価と感想はホストに届き、体験のページに公開されて、これから参加する方の参考になります。',
  link: (url: string) => `レビューを書く: ${url}`,
  /** Names the account's setting that covers it (account.remindersLabel). */
  why: (setting: string) => `このメールは、お知らせメールの設定で「${setting}」を受け取る方にお送りしています。`,
} as const;
