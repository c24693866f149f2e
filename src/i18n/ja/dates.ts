export const dates = {
  weekdays: ['日', '月', '火', '水', '木', '金', '土'] as readonly string[],
  fullDate: (y: number, m: number, d: number, weekday: string) => `${y}年${m}月${d}日(${weekday})`,
  date: (y: number, m: number, d: number) => `${y}年${m}月${d}日`,
  monthDay: (m: number, d: number, weekday: string) => `${m}月${d}日(${weekday})`,
  yearMonth: (y: number, m: number) => `${y}年${m}月`,
} as const;
