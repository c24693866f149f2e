// The administrators' list of every account (/admin/users, GET /api/v1/admin/users): paged, newest first, with the
// keyword (name, e-mail, or the id typed in any width), the role and whether the account has left. The user pickers
// keep their own search (GET /api/v1/users?q=, user-search.schemas.ts). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { dateTimeJson, idJson, pageMetaJson, type InputOf } from '#src/lib/isomorphic/validate';
import { booleanFilter, choiceFilter, keywordFilter, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { USER_ROLES, type UserRole } from './users.schemas';

/** Accounts per page in the admin list. */
export const ADMIN_USERS_PAGE_SIZE = 20;

/** The filters the admin's users page carries in its URL (the names of adminUserListQuerySchema). */
export const ADMIN_USER_FILTER_NAMES = ['q', 'role', 'left'] as const;

/** GET /api/v1/admin/users?page=&q=&role=&left= (newest account first). */
export const adminUserListQuerySchema = listQuerySchema.extend({
  q: keywordFilter(),
  role: choiceFilter(USER_ROLES, ja.leaving.adminRoleInvalid),
  left: booleanFilter(),
});
export type AdminUserListQuery = InputOf<typeof adminUserListQuerySchema>;

export interface AdminUserListItem {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  created_at: string;
  /** When the account left (退会), or null. */
  left_at: string | null;
}

export interface AdminUserListResponse {
  users: AdminUserListItem[];
  meta: ListPageMeta;
}

export const adminUserListJsonSchema = z
  .object({
    users: z.array(
      z.object({
        id: idJson(),
        name: z.string(),
        email: z.string(),
        role: z.enum(USER_ROLES),
        created_at: dateTimeJson(),
        left_at: dateTimeJson().nullable(),
      }),
    ),
    meta: pageMetaJson(),
  })
  .meta({
    id: 'AdminUserList',
    description: `利用者の一覧（管理者、新しい順に ${ADMIN_USERS_PAGE_SIZE} 件ずつ。退会済みは left_at あり）`,
  }) satisfies z.ZodType<AdminUserListResponse>;
