// The e-mail change's mails (server only: kept apart from the texts the pages load).
export const emailChangeMail = {
  confirmMailSubject: '【たびとこ】メールアドレス変更の確認',
  confirmMailText: (p: { url: string; expiresAt: string; baseUrl: string }) =>
    [
      'たびとこのアカウントのメールアドレスを、このメールアドレスに変更する申請がありました。',
      '',
      '次のリンクを開き、変更を確定してください。',
      p.url,
      '',
      `このリンクは1回だけ、${p.expiresAt}まで有効です。`,
      '心当たりがない場合は、このメールを破棄してください。メールアドレスは変更されません。',
      '',
      `--\nたびとこ\n${p.baseUrl}\n`,
    ].join('\n'),
  takenMailText: (p: { baseUrl: string }) =>
    [
      'たびとこのアカウントのメールアドレスを、このメールアドレスに変更しようとする申請がありました。',
      '',
      'このメールアドレスはすでにたびとこのアカウントで使われているため、変更は行われません。',
      'お使いのアカウントには影響はありません。心当たりがない場合は、このメールを破棄してください。',
      '',
      `--\nたびとこ\n${p.baseUrl}\n`,
    ].join('\n'),
  noticeMailSubject: '【たびとこ】メールアドレス変更の申請がありました',
  noticeMailText: (p: { newEmail: string; at: string; undoUrl: string; baseUrl: string }) =>
    [
      'たびとこのアカウントのメールアドレスを変更する申請がありました。',
      '',
      `新しいメールアドレス: ${p.newEmail}`,
      `日時: ${p.at}`,
      '',
      '変更は、新しいメールアドレスに届いたリンクを開いて確定するまで行われません。',
      '心当たりがない場合は、次のリンクから取り消してください。変更が確定した後も7日間は、このリンクで元のメールアドレスに戻せます（すべての端末からログアウトし、パスワードの再設定が必要になります）。',
      p.undoUrl,
      '',
      'このメールはセキュリティのためのお知らせで、配信を停止することはできません。',
      '',
      `--\nたびとこ\n${p.baseUrl}\n`,
    ].join('\n'),
  doneMailSubject: '【たびとこ】メールアドレスが変更されました',
  doneMailText: (p: { newEmail: string; undoUntil: string; baseUrl: string }) =>
    [
      `たびとこのアカウントのメールアドレスが ${p.newEmail} に変更されました。今後のお知らせは新しいメールアドレスにお送りします。`,
      '',
      `心当たりがない場合は、先にお送りした「メールアドレス変更の申請がありました」のメールのリンクから、${p.undoUntil}まで元に戻せます。`,
      '',
      `--\nたびとこ\n${p.baseUrl}\n`,
    ].join('\n'),
} as const;
