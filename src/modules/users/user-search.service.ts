// GET /api/v1/users?q= (admin): finds the host an admin creates an experience for (proxy_user_id), and the user
// pickers of the admin screens. Matches the id exactly, or part of the name or e-mail.
import { z } from 'zod';
import type { Ctx } from '#src/lib/context';
import { ForbiddenError } from '#src/lib/errors';
import { parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { requireUser } from '#src/lib/context';
import { User, type IUser } from './users.entity';
import type { FilterQuery } from '@mikro-orm/postgresql';

export const USER_SEARCH_LIMIT = 20;

const searchSchema = z.object({
  q: z
    .string({ error: ja.validation.maxLength('検索語', 100) })
    .trim()
    .max(100, ja.validation.maxLength('検索語', 100))
    .optional()
    .transform((v) => v ?? ''),
});

/** LIKE wildcards typed by the admin are searched for literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function search(ctx: Ctx, input: unknown): Promise<{ users: { id: number; name: string }[] }> {
  const actor = requireUser(ctx);
  if (actor.role !== 'ADMIN') throw new ForbiddenError(ja.errors.adminOnly);
  const { q } = parseInput(searchSchema, input);
  let where: FilterQuery<IUser> = {};
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const or: FilterQuery<IUser>[] = [{ name: { $ilike: pattern } }, { email: { $ilike: pattern } }];
    if (/^\d{1,9}$/.test(q)) or.push({ id: Number(q) });
    where = { $or: or };
  }
  const users = await ctx.em.find(User, where, { orderBy: { id: 'asc' }, limit: USER_SEARCH_LIMIT, fields: ['id', 'name'] });
  return { users: users.map((u) => ({ id: u.id, name: u.name })) };
}
