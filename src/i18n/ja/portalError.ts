// The error page inside the brand portal's frame.
export const portalError = {
  portalTop: '管理画面のトップへ',
} as const;
