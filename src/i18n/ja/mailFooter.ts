// The line before a mail's signature about its reader's account (src/modules/mail/mail.footer.ts decides which).
export const mailFooter = {
  /** A marketplace user's /account: which notification mails they get, and their account. */
  settings: (url: string) => `お知らせメールの設定・アカウントの設定: ${url}`,
  /** A brand member's /brand/account: e-mail, password and signed-in devices; it has no mail choices. */
  accountSettings: (url: string) => `アカウントの設定: ${url}`,
  /** A security notice (always sent): why it cannot be turned off, and the account page to review the account. */
  security: (url: string) =>
    [
      'このメールは、アカウントの安全のためにお送りしているお知らせです。配信を停止することはできません。',
      `アカウントの状態（ログイン中の端末など）の確認: ${url}`,
    ].join('\n'),
} as const;
