export const emailVerification = {
  title: 'メールアドレスの確認',
  lead: 'メールアドレスを確認して、予約ができるようにします。',
  button: 'メールアドレスを確認する',
  verified: 'メールアドレスを確認しました。体験の予約ができます。',
  toStories: '体験を探す',
  alreadyVerified: 'メールアドレスは確認済みです。',
  linkInvalid: 'このリンクは無効か、有効期限が切れています。確認メールはアカウント設定や予約画面から再送できます。',
  requiredToBook: 'ご予約の前に、メールアドレスの確認が必要です。登録したメールアドレスに届いたリンクを開いてください',
  notice: (email: string) =>
    `ご予約の前に、メールアドレスの確認が必要です。${email} に届いた確認メールのリンクを開いてから、このページを再読み込みしてください。`,
  bookAfterVerifying: 'メールアドレスの確認が済むと予約できます',
  unverified: 'メールアドレスが未確認です。予約の前に、届いた確認メールのリンクを開いてください。',
  resend: '確認メールを再送する',
  resent: (email: string) => `${email} に確認メールを送信しました`,
  tooManyResends: '確認メールの再送は1時間に3回までです。しばらくしてからお試しください',
} as const;
