import { defineEntity, p } from '@mikro-orm/core';

// Reference lists every environment needs; their rows are inserted by
// migrations/Migration20261121000002_reference_data.ts (not by seeders).

/** The 47 prefectures, ids 1..47 in JIS X 0401 order (1 北海道 ... 13 東京都 ... 47 沖縄県). Fixed ids, no sequence. */
export const Prefecture = defineEntity({
  name: 'Prefecture',
  tableName: 'prefectures',
  properties: {
    id: p.integer().primary().autoincrement(false),
    name: p.string().length(10).unique(),
  },
  checks: [{ name: 'prefectures_id_range', expression: 'id >= 1 and id <= 47' }],
});

export const Category = defineEntity({
  name: 'Category',
  tableName: 'categories',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100).unique(),
    sortOrder: p.integer().default(0),
  },
  indexes: [{ properties: ['sortOrder'] }],
});

export const Theme = defineEntity({
  name: 'Theme',
  tableName: 'themes',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100).unique(),
    sortOrder: p.integer().default(0),
  },
  indexes: [{ properties: ['sortOrder'] }],
});

export const Occupation = defineEntity({
  name: 'Occupation',
  tableName: 'occupations',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100).unique(),
    sortOrder: p.integer().default(0),
  },
  indexes: [{ properties: ['sortOrder'] }],
});
