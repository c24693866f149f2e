/** The API reference page (/api/docs) around the generated OpenAPI document. */
export const apiDocs = {
  title: 'たびとこ API リファレンス',
  lead: 'マーケットプレイス（/api/v1）とブランドポータル（/brand/api/v1）の API の一覧です。リクエスト・レスポンスの詳細は OpenAPI 3.1 文書をご覧ください。',
  documentLink: 'OpenAPI 文書（JSON）',
  method: 'メソッド',
  path: 'パス',
  summary: '内容',
  auth: '認証',
  authNone: '不要',
  authOptional: '任意',
  authRequired: 'ログイン',
  authBrand: 'ブランドポータル',
  statuses: '応答',
} as const;
