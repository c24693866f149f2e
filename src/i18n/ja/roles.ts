export const roles = {
  USER: 'ゲスト',
  HOST: 'ホスト',
  ADMIN: '管理者',
} as const;
