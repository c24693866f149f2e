// The dashboards' texts (the charts of /admin and /brand: src/components/charts, src/components/dashboards).
import { dashboardNav } from './dashboardNav';

export const dashboards = {
  adminTitle: dashboardNav.label,
  adminLead: (asOf: string) => `${asOf} 時点の集計です。週は月曜はじまり、日時はすべて日本時間です。`,
  brandLead: (asOf: string) => `${asOf} 時点の集計です。月は日本時間です。`,
  weekAxis: '週（月曜はじまり）',
  monthAxis: '月',
  /** A week's tick: '3/2'; in the table: '2026年3月2日の週'. */
  weekTick: (m: number, d: number) => `${m}/${d}`,
  weekLong: (y: number, m: number, d: number) => `${y}年${m}月${d}日の週`,
  monthTick: (m: number) => `${m}月`,
  monthLong: (y: number, m: number) => `${y}年${m}月`,
  count: (n: string) => `${n}件`,
  people: (n: string) => `${n}人`,
  yen: (n: string) => `${n}円`,
  /** Axis ticks of yen in 万 (10,000) units: '12万'. */
  manYen: (n: string) => `${n}万`,
  thisWeek: '今週',
  lastWeek: '先週',
  thisMonth: '今月',
  lastMonth: '先月',
  total26: '26週の合計',
  total12: '12か月の合計',
  showTable: '数値を表で見る',
  chartSummary: (title: string, first: string, last: string, max: string, at: string) =>
    `${title}の棒グラフ。${first}から${last}まで。最大は${at}の${max}。`,
  chartSummaryEmpty: (title: string, first: string, last: string) => `${title}の棒グラフ。${first}から${last}まで、すべて0です。`,
  categorySummary: (title: string, parts: string) => `${title}の棒グラフ。${parts}。`,
  bookings: {
    title: '予約',
    count: '予約件数',
    gross: '取扱高',
    note: '決済が完了した予約（後でキャンセルされたものを含む）と、その支払総額です。',
  },
  cancellations: {
    title: 'キャンセルと返金',
    count: 'キャンセル件数',
    refunds: '返金件数',
    refundAmount: '返金額',
    note: 'キャンセルはその週に取り消された予約、返金はその週に決まった返金（返金待ちを含む）です。',
  },
  users: {
    title: '新規登録',
    count: '新規登録者数',
  },
  inquiries: {
    title: 'お問い合わせの対応状況',
    kind: '種類',
    contact: '一般のお問い合わせ',
    program: 'ブランド・アンバサダー制度',
    /** Under the bars (a phone's chart has about 130px per kind). */
    ticks: { contact: '一般', program: 'ブランド・アンバサダー' },
    unresolved: '未対応',
    resolved: '対応済み',
    open: 'お問い合わせ一覧へ',
  },
  approvals: {
    title: '公開申請の待ち状況',
    waiting: '待っている体験',
    wait: '待ち時間',
    buckets: {
      under_1_day: '1日未満',
      '1_to_2_days': '1〜2日',
      '3_to_6_days': '3〜6日',
      '7_to_13_days': '7〜13日',
      '14_days_or_more': '14日以上',
    },
    open: '公開申請の一覧へ',
  },
  participants: {
    title: '参加者数',
    count: '参加者',
    note: 'ブランドのコミュニティの体験の、その月の開催日に予約されている人数（満席率と同じ予約済みの席数）です。',
  },
  applications: {
    title: 'コミュニティへの申し込み',
    count: '申し込み',
  },
  upcoming: {
    title: '次の開催',
    note: '公開中の体験の、これから始まる開催日です。',
    fill: '予約状況',
    seats: (taken: number, total: number) => `${taken}/${total}名`,
    percent: (n: number) => `${n}%`,
    barLabel: (title: string, percent: number) => `${title}の予約率 ${percent}%`,
    none: 'これからの開催日はありません。',
    experience: '体験',
    date: '日時',
  },
} as const;
