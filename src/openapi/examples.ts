// Examples of the document's success answers: real answers on the demo data (seeds/), lists cut to two items and long
// texts shortened. tests/api/openapi.test.ts validates each against its operation's response schema, so an example
// cannot drift from the schema. Regenerate from a demo server when the demo data changes.
export const responseExamples: Record<string, unknown> = {
  'GET /api/v1/me': {
    id: 1,
    name: '運営 管理者',
    email: 'admin@example.com',
    avatar_url: null,
    access_control: 'ADMIN',
    current_ambassador_id: null,
    email_verified: true,
  },
  'GET /api/v1/stories': {
    experiences: [
      {
        id: 20,
        title: '房総の有機農園で、野菜を収穫して畑ランチ',
        images: [{ id: 57, url: '/uploads/f101e6d493135d07218584c9151faa85bf3903bed423b9d440638b043aab5260.jpg' }],
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
        images: [{ id: 56, url: '/uploads/40f857c734819e65acae3c62e62a175e0d5638d759abe79a881cded6bf2cdc0b.jpg' }],
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
  },
  'GET /api/v1/experiences/{id}': {
    id: 1,
    title: '五条坂の工房で、手びねりのマグカップをつくる',
    images: [
      {
        id: 28,
        url: '/uploads/acd096d036d0029e1d9706ae685b0628c41854bfd7ec9a6bd6d163e10aece283.jpg',
      },
      {
        id: 29,
        url: '/uploads/7b2d4201747336df0c20152eec791366e7873dd155d2a9daef6ccad6f1db246f.jpg',
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
    description:
      '清水焼の窯元が並ぶ五条坂の路地にある、小さな工房での陶芸体験です。ろくろは使わず、粘土を手のひらでのばして形をつくる「手…',
    inspiration:
      '修業時代、毎日使う器ほど、つくった人の手の跡が見えるものが好きになりました。上手につくることより、自分の手の跡が残ること…',
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
  },
  'GET /api/v1/experiences/{id}/other_experiences': {
    experiences: [
      {
        id: 2,
        title: '親子でつくる、はじめての豆皿（小学生向け）',
        images: [
          {
            id: 30,
            url: '/uploads/7b2d4201747336df0c20152eec791366e7873dd155d2a9daef6ccad6f1db246f.jpg',
          },
          {
            id: 31,
            url: '/uploads/acd096d036d0029e1d9706ae685b0628c41854bfd7ec9a6bd6d163e10aece283.jpg',
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
  },
  'GET /api/v1/experiences/{id}/calendars': {
    calendars: [
      {
        id: 27,
        experience_id: 1,
        date: '2026-11-25',
        start_time: '14:00',
        end_time: '16:00',
        recurrence_rule_uuid: '21c33a2b-a17c-40b1-9970-e6f063e54774',
        recruitment_number: 8,
        participant_number: 2,
        accepting_reservation: true,
        reservation_deadline_at: '2026-11-24T15:00:00.000Z',
      },
      {
        id: 1,
        experience_id: 1,
        date: '2026-11-28',
        start_time: '10:00',
        end_time: '12:00',
        recurrence_rule_uuid: '791d5b18-d5c5-4282-96f1-e9f3c126e9c8',
        recruitment_number: 8,
        participant_number: 7,
        accepting_reservation: true,
        reservation_deadline_at: '2026-11-27T15:00:00.000Z',
      },
    ],
    meta: {
      reserved_calendar_ids: [],
      recent_count: 26,
      from_date: '2026-11-23',
      to_date: '2026-12-23',
    },
  },
  'GET /api/v1/experiences/{id}/reviews': {
    reviews: [
      {
        id: 2,
        from_guest: {
          avatar_url: null,
          name: '高橋 美咲',
          posted_at: '2026-11-13T11:00:00.000Z',
          rate: 4.5,
          content:
            '友人と二人で参加しました。工房の雰囲気がとてもよく、窓から見える景色にも癒されました。釉薬の色見本が多くて迷いましたが、飴釉にして正解でした。',
        },
        from_host: {
          name: '山田 はるか',
          posted_at: '2026-11-14T11:00:00.000Z',
          content: '美咲さん、飴釉は焼き上がりがいちばん読めない色なのですが、きれいに出てよかったです。またお二人でお越しください。',
        },
      },
      {
        id: 1,
        from_guest: {
          avatar_url: '/uploads/f875cb02f955022b76274205ec8816ff391c6528557717ac8d8235bc2094d823.jpg',
          name: '佐藤 ゆうき',
          posted_at: '2026-11-12T11:00:00.000Z',
          rate: 5,
          content:
            'はじめての陶芸でしたが、山田さんが指の角度まで丁寧に教えてくださり、思っていた以上に形になりました。届いたマグは少し歪んでいますが、それが愛おしくて毎朝使っています。',
        },
        from_host: {
          name: '山田 はるか',
          posted_at: '2026-11-13T11:00:00.000Z',
          content: 'ゆうきさん、ご参加ありがとうございました。少しの歪みも、手でつくった器の味わいです。毎朝使っていただけてうれしいです。',
        },
      },
    ],
    meta: {
      total_count: 4,
      page: 1,
      per_page: 20,
      total_pages: 1,
    },
    average_rate: 4.5,
  },
  'GET /api/v1/categories': {
    categories: [
      {
        id: 1,
        name: 'ものづくり・クラフト',
      },
      {
        id: 2,
        name: '料理・食',
      },
    ],
  },
  'GET /api/v1/themes': {
    themes: [
      {
        id: 1,
        name: '初心者歓迎',
      },
      {
        id: 2,
        name: '一人参加OK',
      },
    ],
  },
  'GET /api/v1/prefectures': {
    prefectures: [
      {
        id: 1,
        name: '北海道',
      },
      {
        id: 2,
        name: '青森県',
      },
    ],
  },
  'GET /api/v1/occupations': {
    occupations: [
      {
        id: 1,
        name: '会社員',
      },
      {
        id: 2,
        name: '公務員',
      },
    ],
  },
  'GET /api/v1/communities/{id}/detail': {
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
      },
      {
        object_key: '066fa24817146571770516745316a048b0aaff381f0c41b640e1e69fdb7f310f.jpg',
        url: '/uploads/066fa24817146571770516745316a048b0aaff381f0c41b640e1e69fdb7f310f.jpg',
        sort_order: 1,
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
  },
  'GET /api/v1/brands/{id}': {
    id: 1,
    name: '北光アウトドア',
    description: '札幌で1978年に創業したアウトドア用品メーカーです。北海道の冬を越えられるウェアと道具を、修理しながら長く使えるように…',
    homepage_url: 'https://hokko-outdoor.example.jp',
    instagram_username: 'hokko_outdoor',
    x_username: 'hokko_outdoor',
    image_url: '/uploads/b1c8e8e0c63bf02dd80de5e4dba6bff5583c7fdcfdbe8322ae7a2818003272fc.jpg',
    images: [
      {
        object_key: 'b1c8e8e0c63bf02dd80de5e4dba6bff5583c7fdcfdbe8322ae7a2818003272fc.jpg',
        url: '/uploads/b1c8e8e0c63bf02dd80de5e4dba6bff5583c7fdcfdbe8322ae7a2818003272fc.jpg',
        sort_order: 0,
      },
      {
        object_key: 'df114a8729b2ff19c0bcb1ccf2e13d1723c781d96443589fefb419dba38d53df.jpg',
        url: '/uploads/df114a8729b2ff19c0bcb1ccf2e13d1723c781d96443589fefb419dba38d53df.jpg',
        sort_order: 1,
      },
    ],
    published: true,
    created_at: '2026-05-27T03:00:00.000Z',
    updated_at: '2026-05-27T03:00:00.000Z',
    member_count: 2,
  },
  'GET /api/v1/ambassadors/{id}': {
    id: 1,
    name: 'こはく木工舎',
    description:
      '石川県・山中温泉で三代続く木地師の工房です。ケヤキやトチの木をろくろで挽き、山中漆器の木地をつくっています。\n工房では、…',
    address: '石川県加賀市山中温泉塚谷町',
    homepage_url: 'https://kohaku-mokkou.example.jp',
    instagram_username: 'kohaku_mokkousha',
    x_username: null,
    image_url: '/uploads/f3155ba55bf7b2b8c7f8951bbcfe043ff5bc6584a3e9a3d441f9f0f9bfeb3e5d.jpg',
    images: [
      {
        object_key: 'f3155ba55bf7b2b8c7f8951bbcfe043ff5bc6584a3e9a3d441f9f0f9bfeb3e5d.jpg',
        url: '/uploads/f3155ba55bf7b2b8c7f8951bbcfe043ff5bc6584a3e9a3d441f9f0f9bfeb3e5d.jpg',
        sort_order: 0,
      },
      {
        object_key: 'a40b5fdb17215d74b9103b14f17e4490f96af75dfdbb4324184d8adfddd9011f.jpg',
        url: '/uploads/a40b5fdb17215d74b9103b14f17e4490f96af75dfdbb4324184d8adfddd9011f.jpg',
        sort_order: 1,
      },
    ],
    published: true,
    created_at: '2026-06-26T03:00:00.000Z',
    updated_at: '2026-06-26T03:00:00.000Z',
    member_count: 1,
  },
  'GET /api/v1/admin/communities/{id}': {
    id: 1,
    name: '北光フィールドクラブ 支笏湖',
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
    catchphrase: '湖と森を、季節ごとに歩こう',
    note: '活動日は札幌駅からの乗り合い送迎があります（実費）。',
    published: true,
    images: [
      {
        object_key: '2613a28787b3309767caa0e1b528f2f064ad179061ed6f0a161360e30c6c354d.jpg',
        url: '/uploads/2613a28787b3309767caa0e1b528f2f064ad179061ed6f0a161360e30c6c354d.jpg',
        sort_order: 0,
      },
      {
        object_key: '066fa24817146571770516745316a048b0aaff381f0c41b640e1e69fdb7f310f.jpg',
        url: '/uploads/066fa24817146571770516745316a048b0aaff381f0c41b640e1e69fdb7f310f.jpg',
        sort_order: 1,
      },
    ],
    application_items: [
      {
        id: 1,
        name: 'アウトドアの経験を教えてください（例: 登山を年に数回）',
        required: true,
        disabled: false,
        sort_order: 0,
        answer_count: 2,
      },
      {
        id: 2,
        name: '参加してみたい活動があれば教えてください',
        required: false,
        disabled: false,
        sort_order: 1,
        answer_count: 1,
      },
    ],
    created_at: '2026-06-16T03:00:00.000Z',
    updated_at: '2026-06-16T03:00:00.000Z',
  },
  'GET /brand/api/v1/brand-members/me': {
    id: 1,
    email: 'brand@example.com',
    invitation_accepted: true,
    invitation_created_at: '2026-08-25T03:00:00.000Z',
    invitation_accepted_at: '2026-08-26T03:00:00.000Z',
    brand_id: 1,
    brand: {
      id: 1,
      name: '北光アウトドア',
      description: '札幌で1978年に創業したアウトドア用品メーカーです。北海道の冬を越えられるウェアと道具を、修理しながら長く使えるように…',
      published: true,
      image_url: '/uploads/b1c8e8e0c63bf02dd80de5e4dba6bff5583c7fdcfdbe8322ae7a2818003272fc.jpg',
    },
  },
  'GET /brand/api/v1/communities': {
    communities: [
      {
        id: 2,
        name: 'はじめての山歩き部',
        host_name: '北光アウトドア 札幌本店',
        published: true,
        catchphrase: '一人で始めない、山歩き',
        image_url: '/uploads/df114a8729b2ff19c0bcb1ccf2e13d1723c781d96443589fefb419dba38d53df.jpg',
        created_at: '2026-06-23T03:00:00.000Z',
        ambassador_count: 1,
        application_count: 0,
      },
      {
        id: 1,
        name: '北光フィールドクラブ 支笏湖',
        host_name: '北光アウトドア × 支笏湖ネイチャーガイド ミズナラ',
        published: true,
        catchphrase: '湖と森を、季節ごとに歩こう',
        image_url: '/uploads/2613a28787b3309767caa0e1b528f2f064ad179061ed6f0a161360e30c6c354d.jpg',
        created_at: '2026-06-16T03:00:00.000Z',
        ambassador_count: 1,
        application_count: 2,
      },
    ],
    meta: {
      current_page: 1,
      total_pages: 1,
      total_count: 2,
    },
  },
  'GET /brand/api/v1/communities/{community_id}/experiences': {
    community: { id: 2, name: 'はじめての山歩き部' },
    held_at: 'future',
    experiences: [],
    ambassadors: [],
    meta: {
      current_page: 1,
      total_pages: 1,
      total_count: 0,
    },
  },
  'GET /brand/api/v1/community-applications/{id}': {
    id: 2,
    community_id: 1,
    community_name: '北光フィールドクラブ 支笏湖',
    user_name: '高橋 美咲',
    applied_at: '2026-11-07T03:00:00.000Z',
    handled: true,
    user_age: 38,
    occupation: 'クリエイター',
    answers: [
      {
        question: 'アウトドアの経験を教えてください（例: 登山を年に数回）',
        answer: 'キャンプを家族で年に数回。',
      },
    ],
  },
};
