// Public community detail and community applications (guest-and-host.md §7).
import { requireUser } from '#server/middleware/context';
import { setCompletion } from '#server/completion';
import { communityDetailJsonSchema } from '#src/modules/communities/communities.schemas';
import {
  applicationFlag,
  communityApplicationJsonSchema,
  communityApplicationSchema,
} from '#src/modules/communities/community-application.schemas';
import { route, type ApiRoute } from '#server/api/route';
import { communityDetailExample } from './communities.examples';

const communities = ['コミュニティ'];

export const communitiesRoutes: ApiRoute[] = [
  route('get', '/communities/:id/detail', 'コミュニティの詳細を取得する', communities, 'optional', {
    response: communityDetailJsonSchema,
    example: communityDetailExample,
    answer: (req, services) => services.communities.detail(req.ctx, req.params),
  }),
  route('post', '/community_applications', 'コミュニティに参加を申し込む', communities, 'user', {
    body: communityApplicationSchema,
    status: 201,
    errors: [409],
    response: communityApplicationJsonSchema,
    before: [requireUser],
    answer: async (req, services) => {
      const application = await services.communities.apply(req.ctx, req.body);
      // Lets /communities/{id}/registrations/complete show the completion text (spec §4).
      setCompletion(req, applicationFlag(application.community_id));
      return application;
    },
  }),
];
