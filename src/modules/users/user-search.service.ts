// GET /api/v1/users?q= (ADMIN): finds the host an admin creates an experience for (proxy_user_id), and the user
// pickers of the admin screens. Matches the id exactly, or part of the name or e-mail as every admin list's keyword
// matches (docs/decisions/admin-lists.md: spaces, letter width and katakana do not count, never across the two, `%` and
// `_` literal); without q, the first users. Accounts that have left are never offered: nobody can be made a member, a
// host or leave again once gone.
import { raw, type FilterQuery } from '@mikro-orm/postgresql';
import { requireAdmin, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import { normalizeListKeyword } from '#src/lib/isomorphic/search-text';
import { listKeywordPattern } from '#src/lib/list-sql';
import { memberUserIds } from '#src/modules/ambassadors/ambassadors.repository';
import { User, type IUser } from './users.entity';
import { USER_SEARCH_LIMIT, userSearchQuerySchema, type UserSearchQuery, type UserSearchResponse } from './user-search.schemas';

export type UserSearchDeps = Record<string, never>;

export function createUserSearchService(_deps: UserSearchDeps = {}) {
  async function search(ctx: Ctx, input: UserSearchQuery): Promise<UserSearchResponse> {
    requireAdmin(ctx);
    const { q, exclude_ambassador_id } = parseInput(userSearchQuerySchema, input);
    const and: FilterQuery<IUser>[] = [{ leftAt: null }];
    // The stored keyword text (name and e-mail, normalised: Migration20261202110000_user_keyword_norm), answered by
    // its trigram index from three characters; the id as typed in any width (１２ is 12).
    const pattern = listKeywordPattern(q);
    let exactId: number | null = null;
    if (pattern) {
      const or: FilterQuery<IUser>[] = [{ keywordText: { $like: pattern } }];
      const keyword = normalizeListKeyword(q);
      if (/^\d{1,9}$/.test(keyword)) {
        exactId = Number(keyword);
        or.push({ id: exactId });
      }
      and.push({ $or: or });
    }
    if (exclude_ambassador_id) {
      const ids = await memberUserIds(ctx.em, exclude_ambassador_id);
      if (ids.length > 0) and.push({ id: { $nin: ids } });
    }
    const users = await ctx.em.find(
      User,
      { $and: and },
      {
        // The user whose id was typed comes first: other users whose name or e-mail holds the same digits must not
        // push it past the limit.
        orderBy: exactId === null ? { id: 'asc' } : [{ [raw((alias) => `(${alias}.id = ?)`, [exactId])]: 'desc' }, { id: 'asc' }],
        limit: USER_SEARCH_LIMIT,
        fields: ['id', 'name'],
      },
    );
    return { users: users.map((u) => ({ id: u.id, name: u.name })) };
  }

  return { search };
}

export type UserSearchService = ReturnType<typeof createUserSearchService>;
