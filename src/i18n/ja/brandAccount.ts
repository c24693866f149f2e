// The brand portal's /brand/account (the page, its header link and crumb, how its mails name the account). The page's
// sections themselves speak `account`, the marketplace account page's texts.
export const brandAccount = {
  page: {
    title: 'アカウント設定',
    lead: 'ブランド管理画面にログインするためのパスワードと、ログイン中の端末を管理できます。',
    headerLink: 'アカウント設定',
  },
  /**
   * How a portal account is named in the mails about the account itself (the password notice, ja.account's
   * passwordMailBody, and the e-mail address changes), apart from a marketplace account of the same person.
   */
  mailAccount: {
    name: 'たびとこ ブランド管理画面のアカウント',
    subject: (topic: string) => `【たびとこ】ブランド管理画面の${topic}`,
  },
} as const;
