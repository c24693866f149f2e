// GET /api/v1/profiles/{id}: a host's public profile (the /users/{id} page reads the same service).
import { publicProfileJsonSchema } from '#src/modules/users/profile.schemas';
import { route, type ApiRoute } from '#server/api/route';

export const profilesRoutes: ApiRoute[] = [
  route('get', '/profiles/:id', '公開プロフィールを取得する', ['アカウント'], 'none', {
    response: publicProfileJsonSchema,
    answer: (req, services) => services.profiles.publicProfile(req.ctx, req.params),
  }),
];
