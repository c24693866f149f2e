// The administrators' list of every account (/admin/users, GET /api/v1/admin/users; docs/decisions/admin-lists.md):
// newest first, by `pageOfIds` like every admin list, with the keyword (name and e-mail as every list's keyword, or
// the id typed in any width), the role and 退会済み. The user pickers' search stays user-search.service.ts. ADMIN
// or the operator. Server-only.
import { requireAdmin, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import { normalizeListKeyword } from '#src/lib/isomorphic/search-text';
import { inIdOrder, listKeywordPattern, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import { readRows, readStatement } from '#src/lib/read-sql';
import type { UserRole } from './users.schemas';
import {
  ADMIN_USERS_PAGE_SIZE,
  adminUserListQuerySchema,
  type AdminUserListQuery,
  type AdminUserListResponse,
} from './admin-users.schemas';

interface UserRow {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  created_at: Date;
  left_at: Date | null;
}

const USER_ROWS = readStatement(`SELECT id, name, email, role, created_at, left_at FROM users WHERE id = ANY(?::int[])`);

export type AdminUsersDeps = Record<string, never>;

export function createAdminUsersService(_deps: AdminUsersDeps = {}) {
  async function list(ctx: Ctx, input: AdminUserListQuery = {}): Promise<AdminUserListResponse> {
    requireAdmin(ctx);
    const query = parseInput(adminUserListQuerySchema, input);
    const where = new Where();
    if (query.role) where.add('role = ?', query.role);
    if (query.left !== undefined) where.add(query.left ? 'left_at IS NOT NULL' : 'left_at IS NULL');
    // The stored keyword text (name and e-mail), searched among the accounts that have not left as the user search
    // does (leaving erases both, and its trigram index holds those accounts only); digits are also the account's id,
    // in any width (１２ is 12), which finds an account that has left too.
    const pattern = listKeywordPattern(query.q);
    if (pattern) {
      where.planPerValue = true;
      const keyword = normalizeListKeyword(query.q ?? '');
      const byText = `(left_at IS NULL AND ${listKeywordText()} LIKE ? ESCAPE '\\')`;
      if (/^\d{1,9}$/.test(keyword)) where.add(`(id = ? OR ${byText})`, Number(keyword), pattern);
      else where.add(byText, pattern);
    }
    const { ids, meta } = await pageOfIds(
      ctx,
      { from: 'users', id: 'id', where, order: [['id', 'DESC']], size: ADMIN_USERS_PAGE_SIZE },
      query.page,
    );
    const rows = ids.length ? await readRows<UserRow>(ctx.sql, USER_ROWS, [ids]) : [];
    return {
      users: inIdOrder(ids, rows).map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        role: row.role,
        created_at: new Date(row.created_at).toISOString(),
        left_at: row.left_at ? new Date(row.left_at).toISOString() : null,
      })),
      meta,
    };
  }

  return { list };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
