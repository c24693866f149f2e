// What an operator types to name a brand or a user (an id, a brand's exact name, a user's e-mail) turned into
// the id the services take. Not found: the services' own 404 message (exit code 1). The entities are imported when
// a lookup runs (the ORM is loaded by then), so the commands that use these stay light for `--help`.
import type { Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import { parseId } from '#src/lib/isomorphic/ids';

/** `--brand 3` or `--brand たびとこ商店` (the exact name; two brands with that name: the id is required). */
export async function brandIdFrom(ctx: Ctx, value: string | undefined): Promise<number | null> {
  if (value === undefined) return null;
  const id = parseId(value.trim());
  if (id) return id;
  const { Brand } = await import('#src/modules/brands/brands.entity');
  const brands = await ctx.em.find(Brand, { name: value.trim() }, { fields: ['id'], limit: 2 });
  if (brands.length === 1) return brands[0].id;
  if (brands.length > 1) throw new NotFoundError(ja.cli.brandNameAmbiguous(value.trim()), 'brand');
  return 0;
}

/** `--user 12` or `--user someone@example.com`. */
export async function userIdFrom(ctx: Ctx, value: string | undefined): Promise<number | null> {
  if (value === undefined) return null;
  const id = parseId(value.trim());
  if (id) return id;
  const { User } = await import('#src/modules/users/users.entity');
  const user = await ctx.em.findOne(User, { email: value.trim().toLowerCase() }, { fields: ['id'] });
  return user?.id ?? 0;
}

/** The ids of the ambassadors already named exactly `name` (published or not), oldest first. */
export async function ambassadorIdsNamed(ctx: Ctx, name: string | undefined): Promise<number[]> {
  const trimmed = name?.trim();
  if (!trimmed) return [];
  const { Ambassador } = await import('#src/modules/ambassadors/ambassadors.entity');
  const rows = await ctx.em.find(Ambassador, { name: trimmed }, { fields: ['id'], orderBy: { id: 'asc' } });
  return rows.map((row) => row.id);
}
