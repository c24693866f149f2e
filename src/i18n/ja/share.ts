// The experience page's share buttons and the cards' rating.
export const share = {
  title: 'この体験をシェア',
  line: 'LINEで送る',
  x: 'Xでポスト',
  facebook: 'Facebookでシェア',
  copy: 'リンクをコピー',
  share: '共有',
  copied: 'リンクをコピーしました',
  copyFailed: 'リンクをコピーできませんでした',
  text: (title: string) => `${title} | たびとこ`,
  ogDescription: (place: string, price: string, rating: string | null, description: string) =>
    `【${place}】${price}${rating ? ` ★${rating}` : ''} ${description}`,
  rating: (average: string, count: number) => `${average}（${count}件）`,
} as const;
