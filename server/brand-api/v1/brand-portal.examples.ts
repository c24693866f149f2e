// Examples of the brand portal's routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /brand/api/v1/brand-members/me */
export const brandMemberMeExample = {
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
};

/** GET /brand/api/v1/communities */
export const brandCommunitiesExample = {
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
};

/** GET /brand/api/v1/communities/{community_id}/experiences */
export const brandCommunityExperiencesExample = {
  community: { id: 2, name: 'はじめての山歩き部' },
  held_at: 'future',
  experiences: [],
  ambassadors: [],
  meta: {
    current_page: 1,
    total_pages: 1,
    total_count: 0,
  },
};

/** GET /brand/api/v1/community-applications/{id} */
export const brandApplicationExample = {
  id: 2,
  community_id: 1,
  community_name: '北光フィールドクラブ 支笏湖',
  user_name: '高橋 美咲',
  applied_at: '2026-11-07T03:00:00.000Z',
  handled: true,
  user_age: 38,
  occupation: 'クリエイター',
  user_email: 'misaki.takahashi@example.com',
  user_left: false,
  answers: [
    {
      question: 'アウトドアの経験を教えてください（例: 登山を年に数回）',
      answer: 'キャンプを家族で年に数回。',
    },
  ],
};
