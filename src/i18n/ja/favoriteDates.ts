// The optional mail when a hearted experience adds dates, and its setting (/account, /favorites).
export const favoriteDates = {
  settingLabel: 'お気に入りの体験に日程が追加されたとき',
  settingHint: 'お気に入りにした体験に新しい日程が追加されると、まとめてお知らせします（同じ体験について1日1通まで）。',
  favoritesToggle: 'お気に入りの体験に新しい日程が追加されたらメールで受け取る',
  favoritesOn: 'お気に入りの新しい日程をメールでお知らせします',
  favoritesOff: 'お気に入りの新しい日程のメールを停止しました',
  mail: {
    subject: (title: string) => `【たびとこ】お気に入りの体験に新しい日程が追加されました：${title}`,
    lead: (title: string) => `お気に入りに登録している「${title}」に、新しい日程が追加されました。`,
    dates: '追加された日程:',
    date: (when: string) => `  ・${when}`,
    link: (url: string) => `日程の確認・ご予約: ${url}`,
    more: (n: number) => `  ほか${n}件`,
    why: 'このメールは、お知らせメールの設定で「お気に入りの体験に日程が追加されたとき」を受け取る方にお送りしています。',
  },
} as const;
