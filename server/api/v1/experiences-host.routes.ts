// The host side of experiences. Only these exact paths: GET /experiences/{id} and the /stories list
// belong to experiences-public.routes.ts.
import { setCompletion } from '#server/completion';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import {
  experienceSchema,
  HOST_STORY_COMPLETE_FLAG,
  hostExperienceJsonSchema,
  ownExperiencesJsonSchema,
} from '#src/modules/experiences/experiences.host.schemas';
import { draftJsonSchema, draftSchema } from '#src/modules/experience-drafts/experience-drafts.schemas';
import { route, type ApiRoute } from '#server/api/route';

const host = ['ホスト'];

export const experiencesHostRoutes: ApiRoute[] = [
  // The host's own list (id, title, images, approve), ?page=.
  route('get', '/experiences', '自分の体験を一覧する', host, 'user', {
    query: listQuerySchema,
    response: ownExperiencesJsonSchema,
    answer: (req, services) => services.experiencesHost.listOwn(req.ctx, req.query),
  }),
  // A publication request; the form then goes to /host_story/complete.
  route('post', '/experiences', '体験を登録する', host, 'user', {
    body: experienceSchema,
    status: 201,
    errors: [404],
    response: hostExperienceJsonSchema,
    answer: async (req, services) => {
      const experience = await services.experiencesHost.create(req.ctx, req.body);
      setCompletion(req, HOST_STORY_COMPLETE_FLAG);
      return experience;
    },
  }),
  route('put', '/experiences/:id', '体験を更新する', host, 'user', {
    body: experienceSchema,
    errors: [409],
    response: hostExperienceJsonSchema,
    answer: (req, services) => services.experiencesHost.update(req.ctx, { ...req.body, id: req.params.id }),
  }),
  // The draft-save button of an experience awaiting publication (the request is withdrawn).
  route('post', '/experiences/:id/draft', '公開申請中の体験を取り下げて下書きに戻す', host, 'user', {
    body: draftSchema,
    status: 201,
    errors: [409],
    response: draftJsonSchema,
    answer: (req, services) => services.experiencesHost.withdrawToDraft(req.ctx, { ...req.body, id: req.params.id }),
  }),
];
