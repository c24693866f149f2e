/** The applicant's receipt of a community application (communities/community-applications.ts). */
export const communityApplicationMail = {
  subject: (community: string) => `【たびとこ】コミュニティへの申し込みを受け付けました：${community}`,
  lead: (community: string) => `コミュニティ「${community}」への申し込みを受け付けました。お申し込みありがとうございます。`,
  community: (name: string) => `■ コミュニティ: ${name}`,
  appliedAt: (when: string) => `■ 申し込み日時: ${when}`,
  nextHeading: '■ 今後の流れ',
  next: [
    'コミュニティを運営するブランドの担当者が申し込み内容を確認し、参加について、あらためてご連絡します。',
    '確認にはお時間をいただく場合があります。',
  ],
  communityLink: (url: string) => `コミュニティのページ: ${url}`,
  // The URL ends its line (some mail programs take a closing 「）」 into the link).
  contact: (url: string) =>
    `申し込みの取り消しやご不明な点、このメールに心当たりがない場合は、お問い合わせフォームからご連絡ください。\nお問い合わせフォーム: ${url}`,
} as const;
