// Examples of the public experience routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/stories */
export const storiesExample = {
  experiences: [
    {
      id: 20,
      title: '房総の有機農園で、野菜を収穫して畑ランチ',
      images: [{ id: 57, url: '/uploads/f101e6d493135d07218584c9151faa85bf3903bed423b9d440638b043aab5260.jpg', alt: null }],
      approve: true,
      online: false,
      state: '千葉県',
      prefecture_id: 12,
      category_id: 10,
      category_name: '子ども・ファミリー',
      price: 3000,
      hosted_by: '石田 航',
      review_count: 0,
      average_rate: null,
    },
    {
      id: 19,
      title: '灘五郷の酒蔵で、搾りたての新酒を利き比べる',
      images: [{ id: 56, url: '/uploads/40f857c734819e65acae3c62e62a175e0d5638d759abe79a881cded6bf2cdc0b.jpg', alt: null }],
      approve: true,
      online: false,
      state: '兵庫県',
      prefecture_id: 28,
      category_id: 2,
      category_name: '料理・食',
      price: 4000,
      hosted_by: '西村 杏',
      review_count: 0,
      average_rate: null,
    },
  ],
  meta: {
    total_count: 20,
    page: 1,
    per_page: 12,
    total_pages: 2,
  },
  filters: [],
  search: {
    q: null,
    date_from: null,
    date_to: null,
    people: null,
    state: [],
    category_id: null,
    theme_id: null,
    price_min: null,
    price_max: null,
    online: null,
    sort: 'newest',
  },
  suggestions: [],
};

/** GET /api/v1/experiences/{id} */
export const experienceExample = {
  id: 1,
  title: '五条坂の工房で、手びねりのマグカップをつくる',
  images: [
    {
      id: 28,
      url: '/uploads/acd096d036d0029e1d9706ae685b0628c41854bfd7ec9a6bd6d163e10aece283.jpg',
      alt: null,
    },
    {
      id: 29,
      url: '/uploads/7b2d4201747336df0c20152eec791366e7873dd155d2a9daef6ccad6f1db246f.jpg',
      alt: null,
    },
  ],
  category_id: 1,
  category_name: 'ものづくり・クラフト',
  themes: [
    {
      id: 1,
      name: '初心者歓迎',
    },
    {
      id: 6,
      name: '伝統工芸',
    },
  ],
  online: false,
  online_url: null,
  options: [
    {
      id: 1,
      name: '絵付けの追加',
      description: '呉須（藍色の絵の具）で、器にお名前や絵を描けます。筆と図案の見本をご用意します。',
      price: 1000,
    },
    {
      id: 2,
      name: '豆皿をもうひとつ',
      description: '粘土を500g追加して、直径9cmほどの豆皿もつくれます。焼成費・送料込みです。',
      price: 2200,
    },
  ],
  address: '京都府京都市東山区五条橋東4丁目 はるか窯',
  state: '京都府',
  prefecture_id: 26,
  price: 4800,
  price_side_note: '粘土1kg・釉薬・焼成費・完成品の送料（国内1個まで）を含みます。',
  description: '清水焼の窯元が並ぶ五条坂の路地にある、小さな工房での陶芸体験です。ろくろは使わず、粘土を手のひらでのばして形をつくる「手…',
  inspiration: '修業時代、毎日使う器ほど、つくった人の手の跡が見えるものが好きになりました。上手につくることより、自分の手の跡が残ること…',
  note: '・汚れてもよい服装でお越しください（エプロンはお貸しします）。\n・爪が長いと粘土に跡がつきやすいのでご注意ください。\n・…',
  recruitment_number: 8,
  set_minimum_number_of_participant_count: true,
  minimum_number_of_participant_count: 2,
  cancellation_period: 7,
  cancellation_policy_name: '7日前まで全額返金',
  reservation_notice: 'つくりたい器のイメージ（写真など）があれば、ホストへのメッセージでお知らせください。',
  reservation_deadline: 'the_day_before',
  address_displayable: true,
  community_id: null,
  host: {
    id: 2,
    name: '山田 はるか',
    type: 'user',
    avatar_url: '/uploads/7711ccdc3b8ba2905877d796cca753ba49b4a9cac2c3e1d7723d1a45fd2b45cb.jpg',
  },
  hosted_by: '山田 はるか',
  approve: true,
  created_at: '2026-07-26T03:00:00.000Z',
  updated_at: '2026-07-26T03:00:00.000Z',
};

/** GET /api/v1/experiences/{id}/other_experiences */
export const otherExperiencesExample = {
  experiences: [
    {
      id: 2,
      title: '親子でつくる、はじめての豆皿（小学生向け）',
      images: [
        {
          id: 30,
          url: '/uploads/7b2d4201747336df0c20152eec791366e7873dd155d2a9daef6ccad6f1db246f.jpg',
          alt: null,
        },
        {
          id: 31,
          url: '/uploads/acd096d036d0029e1d9706ae685b0628c41854bfd7ec9a6bd6d163e10aece283.jpg',
          alt: null,
        },
      ],
      approve: true,
      online: false,
      state: '京都府',
      prefecture_id: 26,
      category_id: 10,
      category_name: '子ども・ファミリー',
      price: 2500,
      hosted_by: '山田 はるか',
      review_count: 0,
      average_rate: null,
    },
  ],
  meta: {
    total_count: 1,
  },
  favorite_ids: [],
};
