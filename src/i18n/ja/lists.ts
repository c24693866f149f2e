// The texts of the admin and brand portal lists' search and filters (src/components/admin/ListFilters.tsx, the
// lists' pages and their query schemas).
export const lists = {
  invalid: '絞り込み条件が正しくありません',
  keywordTooLong: (max: number) => `キーワードは${max}文字以内で入力してください`,
  label: '一覧の絞り込み',
  keyword: 'キーワード',
  all: 'すべて',
  since: '開始日',
  until: '終了日',
  filter: '絞り込む',
  clear: '条件をクリア',
  count: (n: number) => `${n.toLocaleString('ja-JP')}件`,
  countAtLeast: (n: number) => `${n.toLocaleString('ja-JP')}件以上`,
  published: '公開状態',
  publishedTrue: '公開',
  publishedFalse: '非公開',
  active: '利用停止',
  activeTrue: '停止していない',
  activeFalse: '停止済み',
  brand: 'ブランド',
  noBrand: 'ブランドなし',
  waiting: '申請からの日数',
  waitingOver: (days: number) => `${days}日以上待ち`,
  community: 'コミュニティ',
  ambassador: 'アンバサダー',
  handled: '対応状況',
  handledTrue: '対応済み',
  handledFalse: '未対応',
  filterIgnored: (message: string) => `絞り込み条件を確認してください（${message}）。条件なしの一覧を表示しています。`,
  /** The keyword field's hint on each list. */
  placeholders: {
    communities: 'タイトル・主催者名',
    contactInquiries: 'お名前・メール・内容',
    coupons: 'コード・名前',
    experiences: '体験のタイトル・ホスト名',
    portalExperiences: '体験のタイトル',
    portalApplications: '申込者の名前',
  },
  /** /admin/communities: ブランド設定. */
  communityBrand: {
    button: 'ブランド設定',
    title: 'ブランドの設定',
    lead: (name: string) =>
      `「${name}」が属するブランドを選んでください。ブランドのメンバーがブランドポータルでこのコミュニティを管理できるようになります。`,
    save: '保存する',
    brandInvalid: 'ブランドを選択してください',
    brandNotFound: 'このブランドは見つかりませんでした',
  },
  /** export-inquiries --kind. */
  exportKindInvalid: '種類は brand（ブランド・アンバサダー）か contact（一般のお問い合わせ）で指定してください',
  exportSubjectWithContact: '一般のお問い合わせにはお問い合わせ種別がありません',
} as const;
