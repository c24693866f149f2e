// Experience drafts (spec guest-and-host.md §7): the signed-in user's own drafts only (stated by the service).
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { draftJsonSchema, draftListJsonSchema, draftSchema } from '#src/modules/experience-drafts/experience-drafts.schemas';
import { route, type ApiRoute } from '#server/api/route';

const host = ['ホスト'];

export const experienceDraftsRoutes: ApiRoute[] = [
  // The drafts are paged like the host's experiences (?page=, OWN_EXPERIENCES_PAGE_SIZE a page).
  route('get', '/experience_drafts', '体験の下書きを一覧する', host, 'user', {
    query: listQuerySchema,
    response: draftListJsonSchema,
    answer: (req, services) => services.experienceDrafts.list(req.ctx, req.query),
  }),
  route('post', '/experience_drafts', '体験の下書きを作る', host, 'user', {
    body: draftSchema,
    status: 201,
    response: draftJsonSchema,
    answer: (req, services) => services.experienceDrafts.create(req.ctx, req.body),
  }),
  route('get', '/experience_drafts/:id', '体験の下書きを取得する', host, 'user', {
    response: draftJsonSchema,
    answer: (req, services) => services.experienceDrafts.get(req.ctx, req.params),
  }),
  route('put', '/experience_drafts/:id', '体験の下書きを更新する', host, 'user', {
    body: draftSchema,
    response: draftJsonSchema,
    answer: (req, services) => services.experienceDrafts.update(req.ctx, { ...req.body, id: req.params.id }),
  }),
  // A host deletes their own draft (the page asks for confirmation first).
  route('delete', '/experience_drafts/:id', '体験の下書きを削除する', host, 'user', {
    status: 204,
    answer: (req, services) => services.experienceDrafts.remove(req.ctx, req.params),
  }),
];
