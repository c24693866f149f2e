// Demo brands, ambassadors and communities (admin-and-brand-portal.md §3): who runs which community and who
// hosts which experience. Images name files in seeds/images/ (the first existing ones are used).

export interface SeedBrand {
  key: string;
  name: string;
  description: string;
  published: boolean;
  homepageUrl: string | null;
  instagramUsername: string | null;
  xUsername: string | null;
  images: string[];
}

export const BRANDS: SeedBrand[] = [
  {
    key: 'hokko',
    name: '北光アウトドア',
    description:
      '札幌で1978年に創業したアウトドア用品メーカーです。北海道の冬を越えられるウェアと道具を、修理しながら長く使えるようにつくってきました。\n' +
      '「道具を売るだけでなく、使う場所を一緒に守る」を合言葉に、道内の自然ガイドや山小屋と組んで、湖と森を歩くプログラムや清掃登山を続けています。',
    published: true,
    homepageUrl: 'https://hokko-outdoor.example.jp',
    instagramUsername: 'hokko_outdoor',
    xUsername: 'hokko_outdoor',
    images: ['brand-2.jpg', 'hiking.jpg', 'kayak.jpg'],
  },
  {
    key: 'aitoakari',
    name: '藍と灯 工芸舎',
    description:
      '京都・西陣に店舗を構える、日本各地の手しごとを扱うセレクトショップ兼ブランドです。\n' +
      '木地師、陶芸家、そば職人など、ものづくりの現場をたずねる「工房の日」を各地で開いています。買う前に、つくる人に会う。そんな出会い方を広げたいと考えています。',
    published: true,
    homepageUrl: 'https://aitoakari.example.jp',
    instagramUsername: 'aitoakari_kogeisha',
    xUsername: 'aitoakari',
    images: ['brand-1.jpg', 'indigo-dye.jpg', 'pottery-2.jpg'],
  },
  {
    key: 'yukimachi',
    name: '雪街ブルワリー',
    description:
      '新潟・十日町の雪室で熟成させるクラフトビールの醸造所です。\n' +
      '雪室見学と仕込み体験のプログラムを準備中のため、公開前の確認をしています(管理画面でのみ表示されます)。',
    published: false,
    homepageUrl: 'https://yukimachi-brewery.example.jp',
    instagramUsername: 'yukimachi_brewery',
    xUsername: null,
    images: ['sake.jpg'],
  },
];

export interface SeedQuestion {
  name: string;
  required: boolean;
  disabled?: boolean;
}

export interface SeedCommunity {
  key: string;
  brand: string;
  name: string;
  hostName: string;
  published: boolean;
  hostDescription: string;
  description: string;
  activityDescription: string;
  importantThing: string;
  idealCandidateProfile: string;
  participationCondition: string;
  note: string | null;
  location: string;
  catchphrase: string;
  images: string[];
  questions: SeedQuestion[];
}

export const COMMUNITIES: SeedCommunity[] = [
  {
    key: 'fieldClub',
    brand: 'hokko',
    name: '北光フィールドクラブ 支笏湖',
    hostName: '北光アウトドア × 支笏湖ネイチャーガイド ミズナラ',
    published: true,
    hostDescription:
      '北光アウトドアのスタッフと、支笏湖で15年ガイドを続けるミズナラのガイドが一緒に運営しています。道具の貸し出しや使い方の相談もお気軽にどうぞ。',
    description:
      '支笏湖とその周りの森を、季節ごとに歩いたり漕いだりしながら知っていくクラブです。月に一度のフィールドデーと、湖畔の清掃活動が活動の中心です。',
    activityDescription:
      '・月1回のフィールドデー（カヤック、森歩き、冬はスノーシュー）\n・春と秋の湖畔清掃\n・道具の手入れ講座（テント、ウェア、カヤック）\n・メンバー限定のオンライン報告会',
    importantThing: '自然の中では「無理をしない、させない」。天候判断はガイドに従い、ゴミは必ず持ち帰ります。',
    idealCandidateProfile: 'アウトドアをこれから始めたい方、道具の使い方を基礎から学び直したい方、支笏湖が好きな方。',
    participationCondition: '18歳以上で、年2回以上の活動に参加できる方。初心者歓迎です。',
    note: '活動日は札幌駅からの乗り合い送迎があります（実費）。',
    location: '北海道千歳市支笏湖温泉',
    catchphrase: '湖と森を、季節ごとに歩こう',
    images: ['community-2.jpg', 'kayak.jpg', 'hiking.jpg'],
    questions: [
      { name: 'アウトドアの経験を教えてください（例: 登山を年に数回）', required: true },
      { name: '参加してみたい活動があれば教えてください', required: false },
      { name: '車で送迎のお手伝いができますか', required: false, disabled: true },
    ],
  },
  {
    key: 'yamaaruki',
    brand: 'hokko',
    name: 'はじめての山歩き部',
    hostName: '北光アウトドア 札幌本店',
    published: true,
    hostDescription: '札幌本店のスタッフが、靴選びから地図の読み方まで一緒に準備します。',
    description:
      '山歩きを始めたいけれど一人では不安、という方のためのクラブです。近郊の低山から始めて、1年後に樽前山に登ることを目標にしています。',
    activityDescription: '・月1回の低山ハイク（円山、藻岩山、三角山など）\n・店舗での装備講座\n・地図読みとセルフレスキューの基礎講習',
    importantThing: 'ペースはいちばんゆっくりな人に合わせます。競争はしません。',
    idealCandidateProfile: '運動は久しぶりという方、山の道具をまだ持っていない方も歓迎です。',
    participationCondition: '札幌近郊にお住まいで、週末の活動に参加できる方。',
    note: null,
    location: '北海道札幌市中央区',
    catchphrase: '一人で始めない、山歩き',
    images: ['hiking.jpg', 'brand-2.jpg'],
    questions: [
      { name: '参加の動機を教えてください', required: true },
      { name: '持っている山の道具があれば教えてください', required: false },
    ],
  },
  {
    key: 'teshigoto',
    brand: 'aitoakari',
    name: '手しごと研究会',
    hostName: '藍と灯 工芸舎',
    published: true,
    hostDescription: '藍と灯 工芸舎のバイヤーが、各地の工房と相談しながら毎回の会を企画しています。',
    description:
      '木工、そば打ち、陶芸など、各地の職人の工房をたずねて、実際に手を動かしながら「つくる」を学ぶ会です。年に数回、工房での合宿もあります。',
    activityDescription:
      '・隔月の工房訪問（山中温泉の木地工房、戸隠のそば道場ほか）\n・オンラインでの道具と素材の勉強会\n・メンバーの作品展（年1回、西陣の店舗にて）',
    importantThing: '職人さんの仕事場にお邪魔していることを忘れずに。写真撮影は必ず許可をいただいてから。',
    idealCandidateProfile: '手を動かすことが好きな方。上手い下手は問いません。',
    participationCondition: '年2回以上の工房訪問に参加できる方。交通費は各自負担です。',
    note: '合宿の参加費は別途ご案内します。',
    location: '京都府京都市上京区（西陣）',
    catchphrase: 'つくる人に会いに行く',
    images: ['woodwork.jpg', 'soba.jpg', 'indigo-dye.jpg'],
    questions: [
      { name: 'これまでに体験したことのある手しごとを教えてください', required: true },
      { name: '訪ねてみたい工房や産地はありますか', required: false },
      { name: '作品展への出品を希望しますか', required: false, disabled: true },
      { name: '会を知ったきっかけ', required: true },
    ],
  },
  {
    key: 'utsuwa',
    brand: 'aitoakari',
    name: '器と暮らす会',
    hostName: '藍と灯 工芸舎 × こはく木工舎',
    published: true,
    hostDescription: '山中漆器の木地師と、京都の器のバイヤーが案内します。',
    description: '木の器、土の器を、実際の食卓で使い比べる会です。手入れの仕方や、長く使うための直し方も学びます。',
    activityDescription: '・季節ごとの「器で食べる会」\n・拭き漆や金継ぎの手入れ講座\n・工房見学',
    importantThing: '器は使ってこそ。割れたり欠けたりしても、直して使い続ける方法を一緒に考えます。',
    idealCandidateProfile: '毎日の食卓を少し丁寧にしたい方、器が好きな方。',
    participationCondition: 'どなたでも。年会費3,000円（器の手入れ道具つき）。',
    note: null,
    location: '石川県加賀市山中温泉',
    catchphrase: '使って、直して、また使う',
    images: ['community-1.jpg', 'pottery-2.jpg', 'woodwork.jpg'],
    questions: [
      { name: 'ふだんよく使っている器を教えてください', required: true },
      { name: '手入れについて知りたいこと', required: false },
    ],
  },
];

export interface SeedAmbassador {
  key: string;
  name: string;
  description: string;
  published: boolean;
  address: string | null;
  homepageUrl: string | null;
  instagramUsername: string | null;
  xUsername: string | null;
  email: string | null;
  images: string[];
  /** User keys from people.ts. */
  members: string[];
  communities: string[];
}

export const AMBASSADORS: SeedAmbassador[] = [
  {
    key: 'kohaku',
    name: 'こはく木工舎',
    description:
      '石川県・山中温泉で三代続く木地師の工房です。ケヤキやトチの木をろくろで挽き、山中漆器の木地をつくっています。\n' +
      '工房では、職人が使う「カンナ」で実際に木を挽く体験や、お箸づくりのワークショップを開いています。\n' +
      '木目の出方は一本一本違います。同じ形でも、ひとつとして同じ器はできません。その面白さを、手で感じてもらえたらうれしいです。',
    published: true,
    address: '石川県加賀市山中温泉塚谷町',
    homepageUrl: 'https://kohaku-mokkou.example.jp',
    instagramUsername: 'kohaku_mokkousha',
    xUsername: null,
    email: 'info@kohaku-mokkou.example.jp',
    images: ['woodwork.jpg', 'community-1.jpg'],
    members: ['ambassadorMember'],
    communities: ['teshigoto', 'utsuwa'],
  },
  {
    key: 'yamabiko',
    name: '戸隠そば道場 やまびこ',
    description:
      '戸隠神社・中社の参道にあるそば処です。地元戸隠産のそば粉を石臼で挽き、毎朝手打ちしています。\n' +
      '「ぼっち盛り」と呼ばれる戸隠独特の盛り付けまで、店主が一緒に教えます。打ったそばは、その場で茹でて召し上がっていただけます。',
    published: true,
    address: '長野県長野市戸隠中社',
    homepageUrl: 'https://togakushi-yamabiko.example.jp',
    instagramUsername: 'togakushi_yamabiko',
    xUsername: 'yamabiko_soba',
    email: null,
    images: ['ambassador-1.jpg', 'soba.jpg', 'hiking.jpg'],
    members: ['nakamura'],
    communities: ['teshigoto'],
  },
  {
    key: 'mizunara',
    name: '支笏湖ネイチャーガイド ミズナラ',
    description:
      '日本最北の不凍湖・支笏湖を拠点にする少人数制のネイチャーガイドです。透明度の高い湖をカヤックでめぐるツアーや、湖畔の森を歩くトレッキングを案内しています。\n' +
      'ガイドは全員、救急法と水難救助の資格を持っています。一組ごとに装備を整え、その日の風と波を見てコースを決めます。\n' +
      '温泉街のガイドハウスには小さなカフェを併設していて、ツアーの前後には地元の焙煎所の豆で淹れたコーヒーをお出ししています。',
    published: true,
    address: '北海道千歳市支笏湖温泉',
    homepageUrl: 'https://mizunara-guide.example.jp',
    instagramUsername: 'shikotsu_mizunara',
    xUsername: 'mizunara_guide',
    email: 'tour@mizunara-guide.example.jp',
    images: ['kayak.jpg', 'ambassador-3.jpg', 'community-2.jpg'],
    members: ['sasaki'],
    communities: ['fieldClub', 'yamaaruki'],
  },
  {
    key: 'kosaka',
    name: '旧小坂小学校 ものづくり学舎',
    description:
      '岐阜県下呂市の、廃校になった小学校の校舎を改修したものづくりの学び舎です。木工室と家庭科室を工房に、教室をギャラリーにしています。\n' +
      '来年度の体験の受け入れに向けて準備中のため、現在は非公開にしています。',
    published: false,
    address: '岐阜県下呂市小坂町',
    homepageUrl: null,
    instagramUsername: 'kosaka_manabiya',
    xUsername: null,
    email: null,
    images: ['ambassador-2.jpg'],
    members: ['kawai'],
    communities: [],
  },
];

export interface SeedBrandMember {
  brand: string;
  email: string;
  /** Accepted members sign in with the demo password. */
  accepted: boolean;
}

export const BRAND_MEMBERS: SeedBrandMember[] = [
  { brand: 'hokko', email: 'brand@example.com', accepted: true },
  { brand: 'hokko', email: 'kei.yamamoto@example.com', accepted: false },
  { brand: 'aitoakari', email: 'mika.fujii@example.com', accepted: false },
  { brand: 'yukimachi', email: 'owner@yukimachi-brewery.example.jp', accepted: false },
];
