export const requests = {
  badRequestTitle: 'リクエストを処理できません',
  badRequestBody: 'URLの形式が正しくありません。リンクを確認して、もう一度お試しください。',
  backToHome: 'トップページへ戻る',
  wrongUploadField: (field: string) => `画像はフォームの項目名「${field}」で送信してください`,
  zod: {
    invalidType: '入力の形式が正しくありません',
    unrecognizedKeys: (keys: string) => `受け付けられない項目が含まれています: ${keys}`,
    tooBig: (max: string) => `大きすぎます（上限: ${max}）`,
    tooSmall: (min: string) => `小さすぎます（下限: ${min}）`,
    tooLong: (max: string) => `${max}文字以内で入力してください`,
    tooShort: (min: string) => `${min}文字以上で入力してください`,
    tooManyItems: (max: string) => `${max}件以内で指定してください`,
    tooFewItems: (min: string) => `${min}件以上指定してください`,
    invalidValue: '選択できない値です',
    invalidFormat: '形式が正しくありません',
    invalid: '入力内容が正しくありません',
  },
} as const;
