export const brandPortalApi = {
  applicationNotFound: 'コミュニティへの申し込みが見つかりませんでした',
  experienceNotFound: '体験が見つかりませんでした',
  ambassadorNotFound: 'アンバサダーが見つかりませんでした',
  handledRequired: '対応状況を選択してください',
  heldAtInvalid: '今後か過去を選択してください',
  ambassadorRequired: '必須です',
  alreadyAssociated: 'このアンバサダーはすでにコミュニティに参加しています',
  notAssociated: 'このアンバサダーはコミュニティに参加していません',
  cannotDeleteSelf: '自分自身は削除できません',
  resetTokenInvalid: 'パスワード再設定のリンクが無効か、有効期限が切れています。もう一度メールを送信してください',
  resetMailSubject: '【たびとこ】ブランド管理画面のパスワード再設定',
  resetMailText: (p: { url: string; expiresAt: string }) =>
    `ブランド管理画面のパスワード再設定を受け付けました。\n\n次のリンクから新しいパスワードを設定してください。\n${p.url}\n\nこのリンクの有効期限は${p.expiresAt}までです。一度使うと無効になります。\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。\n\n--\nたびとこ`,
} as const;
