// Examples of the community routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/communities/{id}/detail */
export const communityDetailExample = {
  id: 1,
  published: true,
  name: '北光フィールドクラブ 支笏湖',
  catchphrase: '湖と森を、季節ごとに歩こう',
  host_name: '北光アウトドア × 支笏湖ネイチャーガイド ミズナラ',
  host_description:
    '北光アウトドアのスタッフと、支笏湖で15年ガイドを続けるミズナラのガイドが一緒に運営しています。道具の貸し出しや使い方の相談もお気軽にどうぞ。',
  description:
    '支笏湖とその周りの森を、季節ごとに歩いたり漕いだりしながら知っていくクラブです。月に一度のフィールドデーと、湖畔の清掃活動が活動の中心です。',
  activity_description:
    '・月1回のフィールドデー（カヤック、森歩き、冬はスノーシュー）\n・春と秋の湖畔清掃\n・道具の手入れ講座（テント、ウェア、カヤック）\n・メンバー限定のオンライン報告会',
  important_thing: '自然の中では「無理をしない、させない」。天候判断はガイドに従い、ゴミは必ず持ち帰ります。',
  ideal_candidate_profile: 'アウトドアをこれから始めたい方、道具の使い方を基礎から学び直したい方、支笏湖が好きな方。',
  participation_condition: '18歳以上で、年2回以上の活動に参加できる方。初心者歓迎です。',
  location: '北海道千歳市支笏湖温泉',
  note: '活動日は札幌駅からの乗り合い送迎があります（実費）。',
  image_url: '/uploads/2613a28787b3309767caa0e1b528f2f064ad179061ed6f0a161360e30c6c354d.jpg',
  images: [
    {
      object_key: '2613a28787b3309767caa0e1b528f2f064ad179061ed6f0a161360e30c6c354d.jpg',
      url: '/uploads/2613a28787b3309767caa0e1b528f2f064ad179061ed6f0a161360e30c6c354d.jpg',
      sort_order: 0,
      alt: null,
    },
    {
      object_key: '066fa24817146571770516745316a048b0aaff381f0c41b640e1e69fdb7f310f.jpg',
      url: '/uploads/066fa24817146571770516745316a048b0aaff381f0c41b640e1e69fdb7f310f.jpg',
      sort_order: 1,
      alt: null,
    },
  ],
  application_items: [
    {
      id: 1,
      name: 'アウトドアの経験を教えてください（例: 登山を年に数回）',
      required: true,
    },
    {
      id: 2,
      name: '参加してみたい活動があれば教えてください',
      required: false,
    },
  ],
  brands: [
    {
      id: 1,
      name: '北光アウトドア',
      image_url: '/uploads/b1c8e8e0c63bf02dd80de5e4dba6bff5583c7fdcfdbe8322ae7a2818003272fc.jpg',
    },
  ],
  ambassadors: [
    {
      id: 3,
      name: '支笏湖ネイチャーガイド ミズナラ',
      image_url: '/uploads/066fa24817146571770516745316a048b0aaff381f0c41b640e1e69fdb7f310f.jpg',
    },
  ],
  applied: false,
};
