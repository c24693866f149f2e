export const site = {
  name: 'たびとこ',
  tagline: '地域の人と出会う体験マーケットプレイス',
  description: '地域のお店や学校、つくり手が主催する体験を探して予約できるマーケットプレイスです。',
  copyright: '© たびとこ',
} as const;
