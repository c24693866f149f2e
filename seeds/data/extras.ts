// Demo coupons, holding requests and community applications.

export interface SeedCoupon {
  code: string;
  name: string;
  discountType: 'amount' | 'percent';
  discountValue: number;
  /** Days from the seed date (negative = past); null = no bound. */
  validFromDays: number | null;
  /** Months from the seed date (end of that day, Japan time); negative = expired. */
  validUntilMonths: number | null;
  maxUses: number | null;
  active: boolean;
  /** Only for a guest's first booking. */
  firstBookingOnly?: boolean;
}

export const COUPONS: SeedCoupon[] = [
  {
    code: 'WELCOME500',
    name: 'はじめての予約 500円オフ',
    discountType: 'amount',
    discountValue: 500,
    validFromDays: -30,
    validUntilMonths: null,
    maxUses: null,
    active: true,
    firstBookingOnly: true,
  },
  {
    code: 'TABI10',
    name: '旅する季節キャンペーン 10%オフ',
    discountType: 'percent',
    discountValue: 10,
    validFromDays: -7,
    validUntilMonths: 3,
    maxUses: 200,
    active: true,
  },
  {
    code: 'EARLY300',
    name: '早割クーポン 300円オフ（終了しました）',
    discountType: 'amount',
    discountValue: 300,
    validFromDays: -150,
    validUntilMonths: -1,
    maxUses: 100,
    active: true,
  },
];

/** [user key, experience key] */
export const HOLDING_REQUESTS: [string, string][] = [
  ['guest', 'togakushiWalk'],
  ['hina', 'wagashi'],
  ['kenji', 'forestWalk'],
  ['misaki', 'yamanakaBowl'],
];

export interface SeedApplication {
  user: string;
  community: string;
  fullName: string;
  gender: 'female' | 'male' | 'other' | 'no_answer';
  postalCode: string;
  address: string | null;
  birthday: string;
  occupation: string;
  resolved: boolean;
  /** Answers by question position (enabled questions only). */
  answers: Record<number, string>;
}

export const APPLICATIONS: SeedApplication[] = [
  {
    user: 'guest',
    community: 'fieldClub',
    fullName: '佐藤 ゆうき',
    gender: 'no_answer',
    postalCode: '0600042',
    address: '北海道札幌市中央区大通西',
    birthday: '1992-06-14',
    occupation: '会社員',
    resolved: false,
    answers: { 0: '夏に日帰りの登山を年3回ほどしています。カヤックは未経験です。', 1: '冬のスノーシューに挑戦したいです。' },
  },
  {
    user: 'misaki',
    community: 'fieldClub',
    fullName: '高橋 美咲',
    gender: 'female',
    postalCode: '0640820',
    address: '北海道札幌市中央区大通西20丁目',
    birthday: '1988-11-02',
    occupation: 'クリエイター',
    resolved: true,
    answers: { 0: 'キャンプを家族で年に数回。' },
  },
  {
    user: 'ren',
    community: 'teshigoto',
    fullName: '伊藤 蓮',
    gender: 'male',
    postalCode: '6028216',
    address: null,
    birthday: '1996-02-21',
    occupation: '学生',
    resolved: false,
    answers: { 0: '陶芸教室に1年ほど通っていました。', 1: '山中温泉の木地工房を訪ねてみたいです。', 3: '藍と灯の店頭でチラシを見ました。' },
  },
];
