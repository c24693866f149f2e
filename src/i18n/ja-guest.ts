// The texts of favourites' page, the experience page's share buttons and カレンダーに追加: a catalogue beside ja.ts, in
// the same shape, because ja.ts may not grow (tests/api/source-rules.test.ts). The hearts' name and the cards' rating
// stay in ja.ts (nav, browse), which every page with cards already loads.
export const jaGuest = {
  // /favorites.
  favoritesPage: {
    title: 'お気に入り',
    lead: 'ハートを付けた体験です。お気に入りはあなたにだけ表示されます。',
    count: (n: number) => `${n}件`,
    empty: 'お気に入りはまだありません。体験のハートを押すと、ここに集まります。',
    browse: '体験をさがす',
    nextDates: '次の開催日',
    noDates: '予約できる日程は今ありません',
    slot: (date: string, start: string) => `${date} ${start}〜`,
  },
  // The experience page's share buttons and the cards' rating.
  share: {
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
  },
  // カレンダーに追加 on /reservations/{id}.
  calendarLinks: {
    title: 'カレンダーに追加',
    ics: 'カレンダーファイル（.ics）',
    icsHint: 'iPhone・Mac・Outlook などのカレンダーに追加できます（日本時間）',
    google: (date: string) => `Google カレンダーに追加（${date}）`,
    notConfirmed: 'カレンダーに追加できるのは確定した予約だけです',
  },
} as const;
