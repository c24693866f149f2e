import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser, type Ctx, type UserActor } from '#src/lib/context';
import { ConflictError, UnauthorizedError, NotFoundError, ValidationError } from '#src/lib/errors';
import { hashPassword, verifyPassword, DUMMY_HASH } from '#src/lib/password';
import { parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { User, type IUser } from './users.entity';
import { signInSchema, signUpSchema, type CurrentUser, type UserRole } from './users.schemas';

export function toActor(user: IUser): UserActor {
  return { kind: 'user', id: user.id, name: user.name, email: user.email, role: user.role as UserRole };
}

export async function findActor(em: EntityManager, id: number): Promise<UserActor | null> {
  const user = await em.findOne(User, { id });
  return user ? toActor(user) : null;
}

export async function signUp(ctx: Ctx, input: unknown): Promise<UserActor> {
  const data = parseInput(signUpSchema, input);
  if (await ctx.em.count(User, { email: data.email })) {
    throw new ValidationError({ email: [ja.auth.emailTaken] });
  }
  const user = ctx.em.create(User, {
    name: data.name,
    email: data.email,
    passwordHash: await hashPassword(data.password),
    role: 'USER',
  });
  try {
    await ctx.em.flush();
  } catch (error) {
    // Two sign-ups racing for one e-mail: the unique index decides.
    if (error instanceof Error && error.name === 'UniqueConstraintViolationException') {
      throw new ValidationError({ email: [ja.auth.emailTaken] });
    }
    throw error;
  }
  return toActor(user);
}

/** Checks e-mail and password. Never tells whether the e-mail exists (same error, similar timing). */
export async function authenticate(ctx: Ctx, input: unknown): Promise<UserActor> {
  const data = parseInput(signInSchema, input);
  const user = await ctx.em.findOne(User, { email: data.email }, { populate: ['passwordHash'] });
  const ok = await verifyPassword(data.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) throw new UnauthorizedError(ja.auth.invalidCredentials);
  return toActor(user);
}

/** Creates an ADMIN, or promotes an existing user to ADMIN (CLI create-admin). */
export async function createAdmin(ctx: Ctx, input: unknown): Promise<{ actor: UserActor; created: boolean }> {
  const existing = await ctx.em.findOne(User, {
    email:
      typeof (input as { email?: unknown })?.email === 'string'
        ? String((input as { email: string }).email)
            .trim()
            .toLowerCase()
        : '',
  });
  if (existing) {
    existing.role = 'ADMIN';
    await ctx.em.flush();
    return { actor: toActor(existing), created: false };
  }
  const actor = await signUp(ctx, input);
  const user = await ctx.em.findOneOrFail(User, { id: actor.id });
  user.role = 'ADMIN';
  await ctx.em.flush();
  return { actor: toActor(user), created: true };
}

export async function setPassword(em: EntityManager, userId: number, password: string): Promise<void> {
  const user = await em.findOne(User, { id: userId });
  if (!user) throw new NotFoundError(ja.errors.notFoundResource('ユーザー'), 'user');
  user.passwordHash = await hashPassword(password);
  await em.flush();
}

export { ConflictError };

/** GET /api/v1/me: the spec's user info. */
export async function me(ctx: Ctx): Promise<CurrentUser> {
  const actor = requireUser(ctx);
  const user = await ctx.em.findOneOrFail(User, { id: actor.id });
  const rows = await ctx.em
    .getConnection()
    .execute<{ ambassador_id: number }[]>('SELECT ambassador_id FROM ambassador_members WHERE user_id = ? ORDER BY id LIMIT 1', [actor.id]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar_url: user.avatarUrl ?? null,
    access_control: user.role as UserRole,
    current_ambassador_id: rows[0]?.ambassador_id ?? null,
  };
}
