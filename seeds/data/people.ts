// Demo people: the five demo accounts of seeds/demo-accounts.ts plus the hosts, ambassador members and guests
// who make the marketplace look lived in. Every user gets the demo password (hashed once by the seeder).
export type Role = 'USER' | 'HOST' | 'ADMIN';

export interface SeedUser {
  key: string;
  name: string;
  email: string;
  role: Role;
  /** File in seeds/images/ used as the avatar when it exists. */
  avatar?: string;
  introduction?: string;
}

export const USERS: SeedUser[] = [
  { key: 'admin', name: '運営 管理者', email: 'admin@example.com', role: 'ADMIN', introduction: 'たびとこ運営事務局です。' },
  {
    key: 'host',
    name: '山田 はるか',
    email: 'host@example.com',
    role: 'HOST',
    avatar: 'avatar-host.jpg',
    introduction:
      '京都・五条坂で小さな陶芸工房「はるか窯」を営んでいます。清水焼の窯元で10年修業したのち独立しました。\n土にさわる時間が、忙しい毎日の深呼吸になればうれしいです。',
  },
  {
    key: 'guest',
    name: '佐藤 ゆうき',
    email: 'guest@example.com',
    role: 'USER',
    avatar: 'avatar-guest.jpg',
    introduction: '休日は各地の手しごと体験をめぐっています。',
  },
  {
    key: 'ambassadorMember',
    name: '鈴木 大地',
    email: 'ambassador@example.com',
    role: 'HOST',
    introduction: '石川県・山中温泉で木地師をしています。こはく木工舎のスタッフです。',
  },
  {
    key: 'oshiro',
    name: '大城 健太',
    email: 'kenta.oshiro@example.com',
    role: 'HOST',
    introduction: '石垣島生まれ、石垣島育ち。カヤックガイド歴12年です。干潮と満潮で表情を変える川の面白さを伝えたくてツアーを始めました。',
  },
  {
    key: 'matsumoto',
    name: '松本 千晴',
    email: 'chiharu.matsumoto@example.com',
    role: 'HOST',
    introduction:
      '東京・谷中で茶道と書道の小さな教室を開いています（裏千家 準教授）。作法よりも「一服をおいしく味わう」ことを大切にしています。',
  },
  {
    key: 'higa',
    name: '比嘉 さくら',
    email: 'sakura.higa@example.com',
    role: 'HOST',
    introduction: '読谷村のやちむんの里で作陶しています。沖縄の土と釉薬で、毎日の食卓に合う器をつくっています。',
  },
  {
    key: 'fujimoto',
    name: '藤本 あや',
    email: 'aya.fujimoto@example.com',
    role: 'HOST',
    introduction: '京都・大原で天然藍の染め工房を営んでいます。すくもから藍を建て、季節ごとの色の変化を楽しんでいます。',
  },
  {
    key: 'tanaka',
    name: '田中 剛',
    email: 'tsuyoshi.tanaka@example.com',
    role: 'HOST',
    introduction: '福岡・薬院で製麺所を営んで三代目。細麺ひとすじ40年の父に教わった麺打ちをお伝えします。',
  },
  {
    key: 'nakamura',
    name: '中村 聡',
    email: 'satoshi.nakamura@example.com',
    role: 'HOST',
    introduction: '戸隠そば道場 やまびこ の店主です。',
  },
  {
    key: 'sasaki',
    name: '佐々木 ゆう',
    email: 'yu.sasaki@example.com',
    role: 'HOST',
    introduction: '支笏湖ネイチャーガイド ミズナラ のガイドです。自然ガイド資格・CONE認定。',
  },
  {
    key: 'okada',
    name: '岡田 修',
    email: 'osamu.okada@example.com',
    role: 'HOST',
    introduction: '京都・東山生まれ。全国通訳案内士（英語）として、地元の路地をご案内しています。',
  },
  {
    key: 'nishimura',
    name: '西村 杏',
    email: 'an.nishimura@example.com',
    role: 'HOST',
    introduction: '神戸・御影の酒蔵「西村酒造」の五代目の娘です。蔵の見学と利き酒の案内を担当しています。',
  },
  {
    key: 'ishida',
    name: '石田 航',
    email: 'wataru.ishida@example.com',
    role: 'HOST',
    introduction: '東京から南房総に移住し、有機農園「いしだ農園」を営んでいます。',
  },
  {
    key: 'kawai',
    name: '河合 真理子',
    email: 'mariko.kawai@example.com',
    role: 'HOST',
    introduction: '旧小坂小学校 ものづくり学舎の事務局を担当しています。',
  },
  { key: 'misaki', name: '高橋 美咲', email: 'misaki.takahashi@example.com', role: 'USER' },
  { key: 'ren', name: '伊藤 蓮', email: 'ren.ito@example.com', role: 'USER' },
  { key: 'hina', name: '渡辺 陽菜', email: 'hina.watanabe@example.com', role: 'USER' },
  { key: 'takumi', name: '中島 拓海', email: 'takumi.nakajima@example.com', role: 'USER' },
  { key: 'sayaka', name: '小川 さやか', email: 'sayaka.ogawa@example.com', role: 'USER' },
  { key: 'sota', name: '石井 颯太', email: 'sota.ishii@example.com', role: 'USER' },
  { key: 'aoi', name: '森 あおい', email: 'aoi.mori@example.com', role: 'USER' },
  { key: 'kenji', name: '木村 健二', email: 'kenji.kimura@example.com', role: 'USER' },
];

/** Guests who book seats to fill the slots (in this order, so the pattern stays the same on every seed). */
export const GUEST_KEYS = ['guest', 'misaki', 'ren', 'hina', 'takumi', 'sayaka', 'sota', 'aoi', 'kenji'] as const;
