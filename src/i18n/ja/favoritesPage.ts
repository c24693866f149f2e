// /favorites.
export const favoritesPage = {
  title: 'お気に入り',
  lead: 'ハートを付けた体験です。お気に入りはあなたにだけ表示されます。',
  count: (n: number) => `${n}件`,
  empty: 'お気に入りはまだありません。体験のハートを押すと、ここに集まります。',
  browse: '体験をさがす',
  nextDates: '次の開催日',
  noDates: '予約できる日程は今ありません',
  slot: (date: string, start: string) => `${date} ${start}〜`,
} as const;
