// The route table's operations of leaving (退会) and of the copy of one's data, beside routes.ts (which may not grow:
// tests/api/source-rules.test.ts). document.ts reads both tables as one; tests/api/openapi.test.ts checks the union
// against the app's routes.
import { dataExportFileJsonSchema, dataExportJsonSchema, latestDataExportJsonSchema } from '#src/modules/data-exports/data-exports.schemas';
import {
  adminLeavePreviewJsonSchema,
  adminLeaveSchema,
  leavePreviewJsonSchema,
  leaveSchema,
  leftJsonSchema,
} from '#src/modules/users/leaving.schemas';
import { op, V1, type Operation } from './operation';

export const accountDataOperations: Operation[] = [
  op('get', `${V1}/account/leave`, '今は退会できない理由を取得する', ['アカウント'], 'user', { response: leavePreviewJsonSchema }),
  op('post', `${V1}/account/leave`, '退会する（個人情報を削除し、記録は匿名で残す）', ['アカウント'], 'user', {
    body: leaveSchema,
    errors: [409, 429],
    response: leftJsonSchema,
  }),
  op('get', `${V1}/account/data-exports`, 'データのコピーの最新の申し込みを取得する', ['アカウント'], 'user', {
    response: latestDataExportJsonSchema,
  }),
  op('post', `${V1}/account/data-exports`, 'データのコピーを申し込む（準備ができたらメールでリンクを送る）', ['アカウント'], 'user', {
    status: 202,
    errors: [409],
    response: dataExportJsonSchema,
  }),
  op('get', `${V1}/account/data-exports/{token}/data.json`, 'データのコピー（JSON）をダウンロードする', ['アカウント'], 'user', {
    errors: [404],
    response: dataExportFileJsonSchema,
  }),
  op(
    'get',
    `${V1}/account/data-exports/{token}/reservations.csv`,
    'データのコピー（予約の CSV）をダウンロードする',
    ['アカウント'],
    'user',
    {
      errors: [404],
      file: { type: 'text/csv', description: '予約の一覧（UTF-8 BOM 付き、CRLF）' },
    },
  ),
  op('get', `${V1}/admin/users/{id}/leave`, '利用者と、今は退会できない理由を取得する（管理者）', ['アカウント'], 'admin', {
    errors: [404],
    response: adminLeavePreviewJsonSchema,
  }),
  op('post', `${V1}/admin/users/{id}/leave`, '利用者を退会させる（管理者、監査ログに記録）', ['アカウント'], 'admin', {
    body: adminLeaveSchema,
    errors: [404, 409],
    response: leftJsonSchema,
  }),
];
