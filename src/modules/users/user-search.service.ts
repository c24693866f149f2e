// GET /api/v1/users?q= (ADMIN): finds the host an admin creates an experience for (proxy_user_id), and the user
// pickers of the admin screens. Matches the id exactly, or part of the name or e-mail; without q, the first users.
// Accounts that have left are never offered: nobody can be made a member, a host or leave again once gone.
import { raw, type FilterQuery } from '@mikro-orm/postgresql';
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
    const and: FilterQuery<IUser>[] = [{ leftAt: null }];
    if (q) {
      // The name is compared without its spaces (half- and full-width), so a name typed with or without the space
      // between family and given name (佐藤ゆうき, 佐藤 ゆうき) finds it.
      const name = `%${escapeLike(q.replace(/\s/g, ''))}%`;
      const or: FilterQuery<IUser>[] = [
        { [raw((alias) => `translate(${alias}.name, ' 　', '')`)]: { $ilike: name } },
        { email: { $ilike: `%${escapeLike(q)}%` } },
      ];
      if (/^\d{1,9}$/.test(q)) or.push({ id: Number(q) });
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
        orderBy: { id: 'asc' },
        limit: USER_SEARCH_LIMIT,
        fields: ['id', 'name'],
      },
    );
    return { users: users.map((u) => ({ id: u.id, name: u.name })) };
  }

  return { search };
}

export type UserSearchService = ReturnType<typeof createUserSearchService>;
