// The sign-up verification mail (server only: kept apart from the texts the pages load).
export const emailVerificationMail = {
  subject: '【たびとこ】メールアドレスの確認',
  body: (p: { url: string; expiresAt: string }) => [
    'たびとこにご登録いただき、ありがとうございます。',
    '次のリンクを開いて、メールアドレスを確認してください。確認が済むと、体験を予約できます。',
    p.url,
    '',
    `このリンクは1回だけ、${p.expiresAt}まで有効です。`,
    '心当たりがない場合は、このメールを破棄してください。',
  ],
} as const;
