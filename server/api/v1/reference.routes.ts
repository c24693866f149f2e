// Choice lists (spec §7): { categories: [{id, name}] } and the same shape for themes, occupations, prefectures.
import { referenceListJsonSchema } from '#src/modules/reference/reference.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { categoriesExample, occupationsExample, prefecturesExample, themesExample } from './reference.examples';

const reference = ['参照データ'];

export const referenceRoutes: ApiRoute[] = [
  route('get', '/categories', 'カテゴリー一覧を取得する', reference, 'none', {
    response: referenceListJsonSchema('categories'),
    example: categoriesExample,
    answer: async (req, services) => ({ categories: await services.reference.categories(req.ctx) }),
  }),
  route('get', '/themes', 'テーマ一覧を取得する', reference, 'none', {
    response: referenceListJsonSchema('themes'),
    example: themesExample,
    answer: async (req, services) => ({ themes: await services.reference.themes(req.ctx) }),
  }),
  route('get', '/occupations', '職業一覧を取得する', reference, 'none', {
    response: referenceListJsonSchema('occupations'),
    example: occupationsExample,
    answer: async (req, services) => ({ occupations: await services.reference.occupations(req.ctx) }),
  }),
  route('get', '/prefectures', '都道府県一覧を取得する', reference, 'none', {
    response: referenceListJsonSchema('prefectures'),
    example: prefecturesExample,
    answer: async (req, services) => ({ prefectures: await services.reference.prefectures(req.ctx) }),
  }),
];
