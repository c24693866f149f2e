export const mailFooter = {
  /** A marketplace user's /account: which notification mails they get, and their account. */
  settings: (url: string) => `お知らせメールの設定・アカウントの設定: ${url}`,
  /** A brand member's /brand/account: e-mail, password and signed-in devices; it has no mail choices. */
  accountSettings: (url: string) => `アカウントの設定: ${url}`,
} as const;
