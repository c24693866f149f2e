// The brand portal's /brand/account (the page, its header link and crumb, the password change notice). The page's
// sections themselves speak `account`, the marketplace account page's texts.
export const brandAccount = {
  page: {
    title: 'アカウント設定',
    lead: 'ブランド管理画面にログインするためのパスワードと、ログイン中の端末を管理できます。',
    headerLink: 'アカウント設定',
  },
  /** The security notice after a portal password change (ja.account.passwordMailText with these). */
  passwordMail: {
    subject: '【たびとこ】ブランド管理画面のパスワードが変更されました',
    account: 'たびとこ ブランド管理画面のアカウント',
  },
} as const;
