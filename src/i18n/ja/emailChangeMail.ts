// The e-mail change's mails (server only: kept apart from the texts the pages load). `account` and the subjects are
// the account's own wording (ja.account.mailAccount or ja.brandAccount.mailAccount, the password notice's too), so a
// person with a marketplace and a brand portal account can tell which one the mail is about.
export const emailChangeMail = {
  confirmMailTopic: 'メールアドレス変更の確認',
  confirmMailBody: (p: { account: string; url: string; expiresAt: string }) => [
    `${p.account}のメールアドレスを、このメールアドレスに変更する申請がありました。`,
    '',
    '次のリンクを開き、変更を確定してください。',
    p.url,
    '',
    `このリンクは1回だけ、${p.expiresAt}まで有効です。`,
    '心当たりがない場合は、このメールを破棄してください。メールアドレスは変更されません。',
  ],
  takenMailBody: (p: { account: string }) => [
    `${p.account}のメールアドレスを、このメールアドレスに変更しようとする申請がありました。`,
    '',
    `このメールアドレスはすでに${p.account}で使われているため、変更は行われません。`,
    'お使いのアカウントには影響はありません。心当たりがない場合は、このメールを破棄してください。',
  ],
  noticeMailTopic: 'メールアドレス変更の申請がありました',
  noticeMailBody: (p: { account: string; newEmail: string; at: string; undoUrl: string }) => [
    `${p.account}のメールアドレスを変更する申請がありました。`,
    '',
    `新しいメールアドレス: ${p.newEmail}`,
    `日時: ${p.at}`,
    '',
    '変更は、新しいメールアドレスに届いたリンクを開いて確定するまで行われません。',
    '心当たりがない場合は、次のリンクから取り消してください。変更が確定した後も7日間は、このリンクで元のメールアドレスに戻せます（すべての端末からログアウトし、パスワードの再設定が必要になります）。',
    p.undoUrl,
  ],
  doneMailTopic: 'メールアドレスが変更されました',
  /** `noticeSubject`: the subject of the request's notice, whose link undoes the change. */
  doneMailBody: (p: { account: string; newEmail: string; undoUntil: string; noticeSubject: string }) => [
    `${p.account}のメールアドレスが ${p.newEmail} に変更されました。今後のお知らせは新しいメールアドレスにお送りします。`,
    '',
    `心当たりがない場合は、先にお送りした「${p.noticeSubject}」のメールのリンクから、${p.undoUntil}まで元に戻せます。`,
  ],
} as const;
