// The password change and sessions operations of either door's account page (`/api/v1/account/…` and
// `/brand/api/v1/account/…`, server/api/v1/account.routes.ts `accountSecurityRoutes`): one table for both.
import {
  accountSessionsJsonSchema,
  passwordChangedJsonSchema,
  passwordChangeSchema,
  signedOutOthersJsonSchema,
} from '#src/modules/users/account.schemas';
import { op, type Operation, type Security } from './operation';

/** Either door's password change and sessions (`{base}/account/…`, server/api/v1/account.routes.ts `accountSecurityRoutes`). */
export const accountSecurityOps = (base: string, tag: string, security: Security): Operation[] => [
  op('put', `${base}/account/password`, 'パスワードを変更する（他の端末はログアウト、お知らせメールを送信）', [tag], security, {
    body: passwordChangeSchema,
    errors: [429],
    response: passwordChangedJsonSchema,
  }),
  op('get', `${base}/account/sessions`, 'ログイン中の端末を一覧する', [tag], security, { response: accountSessionsJsonSchema }),
  op('delete', `${base}/account/sessions`, '他のすべての端末からログアウトする', [tag], security, {
    response: signedOutOthersJsonSchema,
  }),
];
