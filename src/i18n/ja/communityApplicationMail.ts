/** The applicant's receipt of a community application (communities/community-applications.ts). */
export const communityApplicationMail = {
  subject: (community: string) => `【たびとこ】コミュニティへの申し込みを受け付けました：${community}`,
  lead: (community: string) => `コミュニティ「${community}」への申し込みを受け付けました。お申し込みありがとうございます。`,
  community: (name: string) => `■ コミュニティ: ${name}`,
  appliedAt: (when: string) => `■ 申し込み日時: ${when}`,
  nextHeading: '■ 今後の流れ',
  // How the organisers reach the applicant (the brand's staff, or the office when no brand member is told): they write
  // from their own mail to the account's address, which the portal and the admin list show them as it is when they look (a changed address is the new one). The address ends its line.
  next: (email: string) => [
    'コミュニティの運営担当者（運営するブランドの担当者。ブランドのないコミュニティでは、たびとこ事務局）が申し込み内容を確認し、参加について、アカウントのメールアドレスあてに直接メールでご連絡します。',
    `ご連絡先のメールアドレス: ${email}`,
    '運営担当者には、質問への回答と、氏名・年齢・職業・このメールアドレスをお知らせしています。',
    'アカウントのメールアドレスを変更した場合は、変更後のアドレスにご連絡します。',
    '確認にはお時間をいただく場合があります。',
  ],
  communityLink: (url: string) => `コミュニティのページ: ${url}`,
  // The URL ends its line (some mail programs take a closing 「）」 into the link).
  contact: (url: string) =>
    `申し込みの取り消しやご不明な点、このメールに心当たりがない場合は、お問い合わせフォームからご連絡ください。\nお問い合わせフォーム: ${url}`,
} as const;
