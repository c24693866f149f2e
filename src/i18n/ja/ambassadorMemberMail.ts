/** The notices to a user added to or removed from an ambassador's members (ambassadors/ambassador-member-mails.ts). */
export const ambassadorMemberMail = {
  addedSubject: (ambassador: string) => `【たびとこ】アンバサダーのメンバーに追加されました：${ambassador}`,
  addedLead: (ambassador: string) => `運営事務局が、あなたのアカウントをアンバサダー「${ambassador}」のメンバーに追加しました。`,
  addedRights: [
    'このアンバサダーについて、次のことができるようになりました。',
    '  ・体験の管理（掲載の申請と編集）',
    '  ・体験の予約と参加者の確認、ゲストとのメッセージ',
    '  ・売上・お支払いの確認と振込先口座の登録・変更',
    '  ・体験に届いたレビューへの返信',
  ],
  experiences: (url: string) => `体験の管理: ${url}`,
  reservations: (url: string) => `予約の管理: ${url}`,
  earnings: (url: string) => `売上・お支払い: ${url}`,
  reviews: (url: string) => `レビューへの返信: ${url}`,
  removedSubject: (ambassador: string) => `【たびとこ】アンバサダーのメンバーから外れました：${ambassador}`,
  removedLead: (ambassador: string) => `運営事務局が、あなたのアカウントをアンバサダー「${ambassador}」のメンバーから外しました。`,
  removedRights:
    'このアンバサダーの体験・予約・売上・振込先口座は、今後は表示も操作もできません。あなたのアカウントとご自身のご予約は、これまでどおりお使いいただけます。',
  // The URL ends its line (some mail programs take a closing 「）」 into the link).
  unexpected: (url: string) =>
    `お心当たりがない場合は、すぐにお問い合わせフォームから運営事務局へご連絡ください。\nお問い合わせフォーム: ${url}`,
} as const;
