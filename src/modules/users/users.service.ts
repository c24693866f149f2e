// Marketplace accounts: sign-up, sign-in, GET /api/v1/me, the session's actor, and the operator's create-admin.
import { requireAdmin, type Ctx, type UserActor } from '#src/lib/context';
import { UnauthorizedError, ValidationError } from '#src/lib/errors';
import { hashPassword, verifyPassword, DUMMY_HASH } from '#src/lib/password';
import { isUniqueViolation } from '#src/lib/db-errors';
import { parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { currentAmbassadorId } from '#src/modules/ambassadors/ambassadors.repository';
import { User, type IUser } from './users.entity';
import { findSessionUser } from './users.repository';
import { signInSchema, signUpSchema, type CurrentUser, type UserRole } from './users.schemas';

export type UsersDeps = Record<string, never>;

function toActor(user: IUser): UserActor {
  return { kind: 'user', id: user.id, name: user.name, email: user.email, role: user.role as UserRole };
}

export function createUsersService(_deps: UsersDeps = {}) {
  /**
   * The session's user as an actor and as GET /api/v1/me shows it, in one statement (issue 16: every signed-in
   * request reads it), or null when the account no longer exists (input: { id }).
   */
  async function findSession(ctx: Ctx, input: unknown): Promise<{ actor: UserActor; current: CurrentUser } | null> {
    const id = parseId((input as { id?: unknown } | null)?.id);
    const row = id ? await findSessionUser(ctx.em, id) : null;
    if (!row) return null;
    const role = row.role as UserRole;
    return {
      actor: { kind: 'user', id: row.id, name: row.name, email: row.email, role },
      current: {
        id: row.id,
        name: row.name,
        email: row.email,
        avatar_url: row.avatar_url,
        access_control: role,
        current_ambassador_id: row.current_ambassador_id,
      },
    };
  }

  /** POST /api/v1/users */
  async function signUp(ctx: Ctx, input: unknown): Promise<UserActor> {
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
      if (isUniqueViolation(error)) throw new ValidationError({ email: [ja.auth.emailTaken] });
      throw error;
    }
    return toActor(user);
  }

  /** Checks e-mail and password. Never tells whether the e-mail exists (same error, similar timing). */
  async function authenticate(ctx: Ctx, input: unknown): Promise<UserActor> {
    const data = parseInput(signInSchema, input);
    const user = await ctx.em.findOne(User, { email: data.email }, { populate: ['passwordHash'] });
    const ok = await verifyPassword(data.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !ok) throw new UnauthorizedError(ja.auth.invalidCredentials);
    return toActor(user);
  }

  /** Creates an ADMIN, or promotes an existing user to ADMIN (CLI create-admin: the operator, or an admin). */
  async function createAdmin(ctx: Ctx, input: unknown): Promise<{ actor: UserActor; created: boolean }> {
    requireAdmin(ctx);
    const email = (input as { email?: unknown } | null)?.email;
    const existing = await ctx.em.findOne(User, { email: typeof email === 'string' ? email.trim().toLowerCase() : '' });
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

  /** GET /api/v1/me: the spec's user info. current_ambassador_id follows ambassadors.repository currentAmbassadorId. */
  async function me(ctx: Ctx, _input?: unknown): Promise<CurrentUser> {
    if (ctx.actor.kind !== 'user') throw new UnauthorizedError(ja.auth.notSignedIn);
    const actor = ctx.actor;
    const [user, ambassadorId] = await Promise.all([ctx.em.findOneOrFail(User, { id: actor.id }), currentAmbassadorId(ctx.em, actor.id)]);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      avatar_url: user.avatarUrl ?? null,
      access_control: user.role as UserRole,
      current_ambassador_id: ambassadorId,
    };
  }

  /**
   * The first publication request makes a USER a HOST (admins and hosts stay as they are). Called by the experiences
   * host service inside its transaction (pass its EntityManager in ctx); flushed by that transaction.
   */
  async function promoteToHost(ctx: Ctx, input: unknown): Promise<void> {
    const id = parseId((input as { id?: unknown } | null)?.id);
    const user = id ? await ctx.em.findOne(User, { id }) : null;
    if (user?.role === 'USER') user.role = 'HOST';
  }

  return { findSession, signUp, authenticate, createAdmin, me, promoteToHost };
}

export type UsersService = ReturnType<typeof createUsersService>;
