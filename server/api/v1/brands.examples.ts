// Examples of the brand routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/brands/{id} */
export const brandDetailExample = {
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
      alt: null,
    },
    {
      object_key: 'df114a8729b2ff19c0bcb1ccf2e13d1723c781d96443589fefb419dba38d53df.jpg',
      url: '/uploads/df114a8729b2ff19c0bcb1ccf2e13d1723c781d96443589fefb419dba38d53df.jpg',
      sort_order: 1,
      alt: null,
    },
  ],
  published: true,
  created_at: '2026-05-27T03:00:00.000Z',
  updated_at: '2026-05-27T03:00:00.000Z',
  member_count: 2,
};
