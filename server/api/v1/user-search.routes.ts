// GET /api/v1/users?q=&exclude_ambassador_id= (ADMIN; the service checks): the admin user pickers.
import { userSearchQuerySchema, userSearchResponseSchema } from '#src/modules/users/user-search.schemas';
import { route, type ApiRoute } from '#server/api/route';

export const userSearchRoutes: ApiRoute[] = [
  route('get', '/users', '利用者を検索する（アンバサダーのメンバー追加用）', ['アカウント'], 'user', {
    query: userSearchQuerySchema,
    response: userSearchResponseSchema,
    answer: (req, services) => services.userSearch.search(req.ctx, req.query),
  }),
];
