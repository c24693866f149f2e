export const nav = {
  // Every page loads this section (header, footer): the legal and account pages' titles and the hearts' name live here.
  account: '設定',
  terms: '利用規約',
  privacy: 'プライバシーポリシー',
  stories: '体験をさがす',
  brands: 'ブランド',
  ambassadors: 'アンバサダー',
  brandAmbassador: 'ブランドアンバサダー制度',
  hostStories: '体験を掲載する',
  myStories: '掲載中の体験',
  admin: '管理画面',
  logon: 'ログイン / 新規登録',
  logout: 'ログアウト',
  inquiry: 'お問い合わせ',
  top: 'トップへ',
  menu: 'メニュー',
  close: '閉じる',
  mainLabel: 'メイン',
  breadcrumbs: 'パンくずリスト',
  // The header's signed-in links (here: the header is on every page, and the browser build carries each section whole).
  reservations: '予約一覧',
  favorites: 'お気に入り',
  // A heart's name says which experience it is for; a signed-in heart is a toggle (its state: aria-pressed), a
  // signed-out one a link to sign in.
  heartToggle: (title: string) => `『${title}』をお気に入り`,
  heartSignIn: (title: string) => `ログインして『${title}』をお気に入りに追加`,
  myPage: 'マイページ',
  greeting: (name: string) => `${name}さん`,
} as const;
