export const inquiries = {
  brandTitle: 'ブランドアンバサダー制度 お問い合わせ',
  brandLead: '以下のフォームに必要事項をご入力のうえ、送信してください。',
  mailNote: '送信後、ご入力いただいたメールアドレスに受付完了のメールをお送りします。',
  name: 'お名前',
  companyName: '会社名・団体名',
  departmentName: '部署名',
  positionName: '役職',
  email: 'メールアドレス',
  subject: 'お問い合わせ種別',
  content: 'お問い合わせ内容',
  subjects: {
    franchise: { label: '加盟について', description: '店舗・スクール・自治体の方' },
    branding: { label: 'ブランド展開について', description: 'メーカー・ブランドの方' },
    media: { label: '取材について', description: 'メディア関係の方' },
    other: { label: 'その他', description: '上記以外のお問い合わせ' },
  },
  submit: '送信する',
  submitting: '送信中…',
  brandCompleteTitle: 'お問い合わせを受け付けました',
  brandCompleteBody: 'お問い合わせありがとうございます。受付完了のメールをお送りしました。内容を確認のうえ、担当者よりご連絡します。',
  toTop: 'トップページへ',
  expiredTitle: 'このページの有効期限が切れました',
  expiredBody: 'お問い合わせはフォームからお送りください。',
  toForm: 'お問い合わせフォームへ',
  contactTitle: 'お問い合わせ',
  contactLead: 'サービスについてのご質問や、予約確認メールが届かない場合などは、こちらからご連絡ください。',
  contactBrandLink: 'ブランドアンバサダー制度についてのお問い合わせはこちら',
  contactCompleteTitle: 'お問い合わせを受け付けました',
  contactCompleteBody: 'お問い合わせありがとうございます。内容を確認のうえ、担当者よりご連絡します。',
  validation: {
    nameRequired: 'お名前を入力してください',
    nameTooLong: 'お名前は100文字以内で入力してください',
    companyNameRequired: '会社名・団体名を入力してください',
    departmentNameRequired: '部署名を入力してください',
    positionNameRequired: '役職を入力してください',
    textTooLong: (label: string, max: number) => `${label}は${max}文字以内で入力してください`,
    emailRequired: 'メールアドレスを入力してください',
    emailTooShort: 'メールアドレスは3文字以上で入力してください',
    emailInvalid: 'メールアドレスの形式が正しくありません',
    subjectRequired: 'お問い合わせ種別を選択してください',
    contentRequired: 'お問い合わせ内容を入力してください',
    contentTooLong: (max: number) => `お問い合わせ内容は${max}文字以内で入力してください`,
    reservationNumberInvalid: '予約番号は数字で入力してください',
  },
  reservationNumber: '予約番号',
  reservationNumberHint: 'ご予約についてのお問い合わせは、予約確認メールに記載の予約番号をご入力ください',
  // The bodies of the inquiry mails; src/modules/mail/mail.frame.ts adds the greeting and the signature.
  mail: {
    officeSubject: (subject: string, company: string) => `【たびとこ】ブランドアンバサダー制度のお問い合わせ：${subject}／${company}`,
    officeBody: (p: {
      id: number;
      name: string;
      company: string;
      department: string;
      position: string;
      email: string;
      subject: string;
      content: string;
      url: string;
    }) => [
      'ブランドアンバサダー制度のお問い合わせがありました。このメールに返信すると、お問い合わせの方へ届きます。',
      '',
      `ID: ${p.id}\nお名前: ${p.name}\n会社名・団体名: ${p.company}\n部署名: ${p.department}\n役職: ${p.position}\nメールアドレス: ${p.email}\nお問い合わせ種別: ${p.subject}`,
      '',
      p.content,
      '',
      `管理画面: ${p.url}`,
    ],
    senderSubject: '【たびとこ】お問い合わせを受け付けました',
    senderBody: (p: { subject: string; content: string }) => [
      'たびとこ ブランドアンバサダー制度へのお問い合わせありがとうございます。\n以下の内容で受け付けました。担当者より追ってご連絡します。',
      '',
      `お問い合わせ種別: ${p.subject}`,
      '',
      p.content,
      '',
      '※このメールは送信専用です。お心当たりのない場合は破棄してください。',
    ],
    contactSubject: (name: string) => `【たびとこ】お問い合わせがありました：${name} 様`,
    contactBody: (p: { id: number; name: string; email: string; content: string; user: string; reservation: string; url: string }) => [
      'お問い合わせフォームから連絡がありました。このメールに返信すると、お問い合わせの方へ届きます。',
      '',
      `ID: ${p.id}\nお名前: ${p.name}\nメールアドレス: ${p.email}\nログイン中のユーザー: ${p.user}\n予約番号: ${p.reservation}`,
      '',
      p.content,
      '',
      `管理画面: ${p.url}`,
    ],
    contactSenderSubject: '【たびとこ】お問い合わせを受け付けました',
    // The message is not quoted back: the form takes any address without a sign-in, and quoting would let it carry
    // someone's text to a stranger's address.
    contactSenderBody: (id: number) => [
      `たびとこへのお問い合わせありがとうございます。\nお問い合わせ(受付番号: ${id})を受け付けました。担当者より、このメールアドレスあてにご連絡します。`,
      '',
      '※このメールは送信専用です。お心当たりのない場合は破棄してください。',
    ],
  },
} as const;
