export const home = {
  hostLinkLead: 'あなたの得意を体験にして届けましょう',
  brandLinkLead: 'ブランドと地域のお店・学校をつなぐしくみ',
  inquiryLinkLead: '掲載や取材のご相談はこちらから',
  heroTitle: 'まだ知らない、まちの体験へ。',
  heroLead: '地域のお店や学校、つくり手がひらく体験を、日付と人数を選んでそのまま予約できます。',
  heroCta: '体験をさがす',
  newArrivals: '新着の体験',
  areas: 'エリアからさがす',
  categories: 'カテゴリからさがす',
  seeAll: 'すべて見る',
} as const;
