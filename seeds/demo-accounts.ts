// The demo accounts, created only by the demo seed (DatabaseSeeder), never in production.
export const DEMO_PASSWORD = 'password1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', label: '管理者 (ADMIN)' },
  { email: 'host@example.com', label: 'ホスト (HOST)' },
  { email: 'guest@example.com', label: 'ゲスト (USER)' },
  { email: 'ambassador@example.com', label: 'アンバサダーのメンバー' },
  { email: 'brand@example.com', label: 'ブランドメンバー (/brand/sign_in)' },
] as const;
