// Leaving (退会) and the copy of one's data, on the account page's API (/api/v1/account/…), and the administrator's
// version (/api/v1/admin/users/{id}/leave). Services check who may; routes pass the input along.
import type { Request } from 'express';
import { ValidationError } from '#src/lib/isomorphic/errors';
import { dataExportFileJsonSchema, dataExportJsonSchema, latestDataExportJsonSchema } from '#src/modules/data-exports/data-exports.schemas';
import {
  adminLeavePreviewJsonSchema,
  adminLeaveSchema,
  leavePreviewJsonSchema,
  leaveSchema,
  leftJsonSchema,
} from '#src/modules/users/leaving.schemas';
import { requireUser } from '#server/middleware/context';
import { endDoorSession } from '#server/session-doors';
import { route, type ApiRoute } from '#server/api/route';
import { limitedSignIn } from './sessions.routes';

/** A wrong password counts as a failed sign-in attempt of the account. */
const wrongPassword = (error: unknown) => error instanceof ValidationError && Boolean(error.details?.password);

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

const accounts = ['アカウント'];

export const leavingRoutes: ApiRoute[] = [
  route('get', '/account/leave', '今は退会できない理由を取得する', accounts, 'user', {
    response: leavePreviewJsonSchema,
    answer: (req, services) => services.leaving.preview(req.ctx, {}),
  }),
  /** Limited like the password change (the current password is asked); after leaving, this session ends too. */
  route('post', '/account/leave', '退会する（個人情報を削除し、記録は匿名で残す）', accounts, 'user', {
    body: leaveSchema,
    errors: [409, 429],
    response: leftJsonSchema,
    before: [requireUser],
    answer: async (req, services, res) => {
      const answer = await limitedSignIn(req, 'leave', () => services.leaving.leave(req.ctx, req.body), {
        subject: `user:${req.actor?.id}`,
        isFailure: wrongPassword,
      });
      await endDoorSession(req, res, 'userId');
      return answer;
    },
  }),
  route('get', '/account/data-exports', 'データのコピーの最新の申し込みを取得する', accounts, 'user', {
    response: latestDataExportJsonSchema,
    answer: (req, services) => services.dataExports.latest(req.ctx, {}),
  }),
  route('post', '/account/data-exports', 'データのコピーを申し込む（準備ができたらメールでリンクを送る）', accounts, 'user', {
    status: 202,
    errors: [409],
    response: dataExportJsonSchema,
    answer: (req, services) => services.dataExports.request(req.ctx, {}),
  }),
  route('get', '/account/data-exports/:token/data.json', 'データのコピー（JSON）をダウンロードする', accounts, 'user', {
    errors: [404],
    response: dataExportFileJsonSchema,
    download: (req, services) => services.dataExports.download(req.ctx, { token: req.params.token, file: 'json' }),
  }),
  route('get', '/account/data-exports/:token/reservations.csv', 'データのコピー（予約の CSV）をダウンロードする', accounts, 'user', {
    errors: [404],
    file: { type: 'text/csv', description: '予約の一覧（UTF-8 BOM 付き、CRLF）' },
    download: (req, services) => services.dataExports.download(req.ctx, { token: req.params.token, file: 'csv' }),
  }),
  route('get', '/admin/users/:id/leave', '利用者と、今は退会できない理由を取得する（管理者）', accounts, 'admin', {
    errors: [404],
    response: adminLeavePreviewJsonSchema,
    answer: (req, services) => services.leaving.adminPreview(req.ctx, req.params),
  }),
  route('post', '/admin/users/:id/leave', '利用者を退会させる（管理者、監査ログに記録）', accounts, 'admin', {
    body: adminLeaveSchema,
    errors: [404, 409],
    response: leftJsonSchema,
    answer: (req, services) => services.leaving.adminLeave(req.ctx, input(req)),
  }),
];
