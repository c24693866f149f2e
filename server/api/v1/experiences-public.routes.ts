// Public experience reads (spec guest-and-host.md §7). GET /api/v1/experiences (no id) is the host's own list and
// lives with the host routes; the /stories list is GET /api/v1/stories.
import type { Services } from '#src/root';
import { publicCache } from '#src/lib/ttl-cache';
import { experienceJsonSchema, otherExperiencesJsonSchema, storiesListJsonSchema } from '#src/modules/experiences/experiences.schemas';
import { storiesQuerySchema } from '#src/modules/experiences/stories-query.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { experienceExample, otherExperiencesExample, storiesExample } from './experiences-public.examples';

const experiences = ['体験'];

export const experiencesPublicRoutes: ApiRoute[] = [
  // ?page&state&category_id&theme_id
  route('get', '/stories', '体験を一覧・検索する', experiences, 'none', {
    query: storiesQuerySchema,
    errors: [404],
    response: storiesListJsonSchema,
    example: storiesExample,
    answer: (req, services) => services.experiences.list(req.ctx, req.query),
  }),
  route('get', '/experiences/:id', '体験の詳細を取得する', experiences, 'optional', {
    response: experienceJsonSchema,
    example: experienceExample,
    handler: (services) => {
      // Guests all get the same JSON for a published experience (the host and admins get more): share it briefly.
      const detailCache = publicCache<Awaited<ReturnType<Services['experiences']['detail']>>>(services.env.PUBLIC_CACHE_SECONDS);
      return async (req, res) => {
        const load = () => services.experiences.detail(req.ctx, req.params);
        res.json(detailCache && !req.actor ? await detailCache.get(String(req.params.id), load) : await load());
      };
    },
  }),
  route('get', '/experiences/:id/other_experiences', '同じホストの他の体験を取得する', experiences, 'none', {
    response: otherExperiencesJsonSchema,
    example: otherExperiencesExample,
    answer: (req, services) => services.experiences.otherExperiences(req.ctx, req.params),
  }),
];
