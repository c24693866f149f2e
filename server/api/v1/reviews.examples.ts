// Examples of the review routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/experiences/{id}/reviews */
export const reviewsExample = {
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
};
