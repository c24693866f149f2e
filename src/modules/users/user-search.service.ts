// GET /api/v1/users?q= (ADMIN): finds the host an admin creates an experience for (proxy_user_id), and the user
// pickers of the admin screens. Matches the id exactly, or part of the name or e-mail; without q, the first users.
import type { FilterQuery } from '@mikro-orm/postgresql';
import { requireAdmin, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import { memberUserIds } from '#src/modules/ambassadors/ambassadors.repository';
import { User, type IUser } from './users.entity';
import { USER_SEARCH_LIMIT, userSearchQuerySchema, type UserSearchQuery, type UserSearchResponse } from './user-search.schemas';

/** LIKE wildcards typed by the admin are searched for literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export type UserSearchDeps = Record<string, never>;

export function createUserSearchService(_deps: UserSearchDeps = {}) {
  async function search(ctx: Ctx, input: UserSearchQuery): Promise<UserSearchResponse> {
    requireAdmin(ctx);
    const { q, exclude_ambassador_id } = parseInput(userSearchQuerySchema, input);
    const and: FilterQuery<IUser>[] = [];
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      const or: FilterQuery<IUser>[] = [{ name: { $ilike: pattern } }, { email: { $ilike: pattern } }];
      if (/^\d{1,9}$/.test(q)) or.push({ id: Number(q) });
      and.push({ $or: or });
    }
    if (exclude_ambassador_id) {
      const ids = await memberUserIds(ctx.em, exclude_ambassador_id);
      if (ids.length > 0) and.push({ id: { $nin: ids } });
    }
    const users = await ctx.em.find(User, and.length > 0 ? { $and: and } : {}, {
      orderBy: { id: 'asc' },
      limit: USER_SEARCH_LIMIT,
      fields: ['id', 'name'],
    });
    return { users: users.map((u) => ({ id: u.id, name: u.name })) };
  }

  return { search };
}

export type UserSearchService = ReturnType<typeof createUserSearchService>;
