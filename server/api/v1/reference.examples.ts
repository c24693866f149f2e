// Examples of the choice lists' success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/categories */
export const categoriesExample = {
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
};

/** GET /api/v1/themes */
export const themesExample = {
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
};

/** GET /api/v1/prefectures */
export const prefecturesExample = {
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
};

/** GET /api/v1/occupations */
export const occupationsExample = {
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
};
