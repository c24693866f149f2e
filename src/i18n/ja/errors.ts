export const errors = {
  notFoundTitle: 'ページが見つかりません',
  notFoundBody: 'お探しのページは削除されたか、URLが間違っている可能性があります。',
  serverErrorTitle: 'エラーが発生しました',
  serverErrorBody: '申し訳ありません。時間をおいてもう一度お試しください。',
  internal: 'サーバーでエラーが発生しました。時間をおいてもう一度お試しください。',
  notFound: '見つかりませんでした',
  notFoundResource: (what: string) => `${what}が見つかりませんでした`,
  invalidId: 'IDが正しくありません',
  invalidBody: 'リクエストの形式が正しくありません',
  /** A text holding the string the page renderer reserves for itself (server/middleware/clean-input.ts). */
  reservedText: '「__VITE_PLUGIN」を含む文字列は使用できません',
  unauthorized: 'ログインしてください',
  /** The link beside 「ログインしてください」 when a session ended while a page was open. */
  signInAgain: 'ログインページへ',
  forbidden: 'この操作を行う権限がありません',
  adminOnly: '管理者のみが利用できます',
  conflict: 'すでに登録されています',
  crossOrigin: '別のサイトからのリクエストは受け付けられません',
  tooManyRequests: '試行回数が多すぎます。しばらくしてからもう一度お試しください',
  validation: '入力内容を確認してください',
  payloadTooLarge: '送信データが大きすぎます',
  /** Requests the HTTP parser refuses before the app (server/client-error.ts). */
  urlCharacters: 'URLに使用できない文字が含まれています。日本語などの文字はURLエンコード（%E3%81%82 の形式）して送信してください',
  urlTooLong: 'URLまたはリクエストヘッダーが長すぎます',
  requestTimeout: 'リクエストが時間内に届きませんでした。もう一度お試しください',
  busy: 'ただいま混み合っています。少し時間をおいてもう一度お試しください',
  /** The page answered 503 while the database is too busy (pages/_error, the plain page of server/middleware/errors.ts). */
  busyTitle: 'ただいま混み合っています',
  busyBody: '時間をおいて、もう一度お試しください。',
  /** The busy page's link to the same page. */
  reload: 'もう一度読み込む',
} as const;
