export const devMail = {
  title: '開発用メールボックス',
  lead: 'SMTP_URL が設定されていない環境で送信されたメールです。本番環境では表示されません。',
  empty: 'メールはまだありません',
  to: '宛先',
  subject: '件名',
  status: '状態',
  createdAt: '作成日時',
  sentAt: '送信日時',
  attempts: '試行回数',
  statuses: { pending: '送信待ち', sending: '送信中', sent: '送信済み', failed: '送信失敗' },
} as const;
