export const uploads = {
  invalidType: 'JPEG・PNG・SVG形式の画像のみアップロードできます',
  tooLarge: (mb: number) => `画像のファイルサイズは${mb}MB以下にしてください`,
  fileRequired: '画像ファイルを選択してください',
  oneFileAtATime: '画像は1枚ずつアップロードしてください',
  invalidPreset: 'アップロードの設定（upload_preset）が正しくありません',
  hostingFailed: '画像のアップロードに失敗しました。時間をおいてもう一度お試しください',
  notFound: '画像が見つかりませんでした',
  /** Spec: 'upload error: {status}'. */
  uploadError: (status: number | string) => `アップロードエラー: ${status}`,
  duplicateDropped: '同じ画像がすでに選択されているため、追加しませんでした',
  /** A photo's text for people who cannot see it, as every form's messages name it (imageAltField). */
  imageAlt: '写真の説明',
  /** Each photo's text field, by its number (the host form's and the brand, ambassador and community forms'). */
  imageAltOf: (n: number) => `写真${n}の説明`,
  /**
   * The photos' text fields of the brand, ambassador and community forms (the host form has its own hint). Here, with
   * the uploader's texts, so that it ships only with the pages that upload photos.
   */
  partnerImageAltHint:
    '目の不自由な方には読み上げで伝わります。写っているものを1行で書いてください（書かないときは「名前の写真1」のように読み上げられます）',
  /** The server's answer to a list that names one image twice (the forms drop such a copy before sending). */
  duplicateImage: '同じ画像が2回含まれています。重複している画像を削除してください',
  /** An image the list names that was never uploaded (or whose URL is not its file's). */
  imageNotUploaded: 'アップロードされていない画像が含まれています。写真をアップロードし直してください',
  /** A refused upload: the spec's 'upload error: {status}', the file's name and the server's reason. */
  uploadRefused: (status: number, name: string, reason: string) => `アップロードエラー: ${status}（${name}）${reason}`,
  tooManyDropped: (max: number) => `画像は${max}枚までです。超えた分は追加しませんでした`,
  wrongFormatDropped: 'JPEG・PNG・SVG形式以外のファイルは追加しませんでした',
  confirmDelete: 'この画像を削除しますか？',
  // The image uploader's own texts (every form with photos: the host's, the admin's and the portal's), so a form
  // that shows it loads this section and not the host form's.
  images: '写真',
  uploadButton: '写真を選ぶ',
  uploadHint: 'JPEG・PNG・SVG、3枚まで。1枚目がカバー写真になります。',
  uploading: 'アップロード中…',
  removeImage: 'この画像を削除',
} as const;
