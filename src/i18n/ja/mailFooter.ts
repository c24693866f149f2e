export const mailFooter = {
  settings: (url: string) => `お知らせメールの設定・アカウントの設定: ${url}`,
} as const;
