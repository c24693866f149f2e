// Examples of the ambassador routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/ambassadors/{id} */
export const ambassadorDetailExample = {
  id: 1,
  name: 'こはく木工舎',
  description: '石川県・山中温泉で三代続く木地師の工房です。ケヤキやトチの木をろくろで挽き、山中漆器の木地をつくっています。\n工房では、…',
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
      alt: null,
    },
    {
      object_key: 'a40b5fdb17215d74b9103b14f17e4490f96af75dfdbb4324184d8adfddd9011f.jpg',
      url: '/uploads/a40b5fdb17215d74b9103b14f17e4490f96af75dfdbb4324184d8adfddd9011f.jpg',
      sort_order: 1,
      alt: null,
    },
  ],
  published: true,
  created_at: '2026-06-26T03:00:00.000Z',
  updated_at: '2026-06-26T03:00:00.000Z',
  member_count: 1,
};
