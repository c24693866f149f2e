// Leaving (退会): the user's own (/account/leave: the current password, refused with the reason while something
// still depends on the account) and the administrator's (the same refusals unless forced with a reason, audited).
// Both end in eraseAccount (leaving-erasure.ts) inside one transaction, after the reasons were checked again on the
// locked user row, so a booking made between the check and the erasure cannot slip through.
import { requireAdmin, requireUser, withEm, type Ctx } from '#src/lib/context';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { verifyPassword } from '#src/lib/password';
import { transaction } from '#src/lib/transaction';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { AuditService } from '#src/modules/audit/audit.service';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './users.entity';
import { leaveBlockers } from './leaving-checks';
import { eraseAccount } from './leaving-erasure';
import {
  HARD_BLOCKERS,
  adminLeaveSchema,
  leaveSchema,
  type AdminLeavePreviewJson,
  type LeaveBlockerJson,
  type LeavePreviewJson,
  type LeftJson,
  type AdminLeaveInput,
  type LeaveInput,
} from './leaving.schemas';

export interface LeavingDeps {
  audit: Pick<AuditService, 'record'>;
}

const t = ja.leaving;

/** A refusal: 409 with every reason in Japanese (the page lists them; the message says them in one line). */
function refusal(blockers: LeaveBlockerJson[]): ConflictError {
  return new ConflictError(blockers.map((b) => b.message).join('\n'), { base: blockers.map((b) => b.message) });
}

export function createLeavingService(deps: LeavingDeps) {
  /**
   * Locks the user row and every administrator's, checks the reasons again (unless forced; the last administrator
   * even then) and erases. A second leaving of the same account waits on the lock and then finds it left; two
   * administrators leaving at once take turns on the administrators' rows (locked in id order, so neither waits for
   * the other's lock while holding one it needs), so the second sees the first gone and cannot leave none behind.
   */
  async function leaveInTransaction(em: EntityManager, userId: number, force: boolean) {
    const rows = await em.execute<{ id: number; left_at: Date | null; role: string }[]>(
      `SELECT id, left_at, role FROM users WHERE id = ? OR (role = 'ADMIN' AND left_at IS NULL) ORDER BY id FOR UPDATE`,
      [userId],
    );
    const locked = rows.find((row) => Number(row.id) === userId);
    if (!locked) throw new NotFoundError(ja.adminApi.userNotFound, 'user');
    if (locked.left_at) throw new ConflictError(t.alreadyLeft);
    const blockers = await leaveBlockers(em, userId);
    const hard = blockers.filter((b) => HARD_BLOCKERS.includes(b.code));
    if (hard.length > 0) throw refusal(hard);
    if (blockers.length > 0 && !force) throw refusal(blockers);
    await eraseAccount(em, userId);
    return { blockers, role: locked.role };
  }

  /** GET /api/v1/account/leave: what keeps the signed-in account from leaving now. */
  async function preview(ctx: Ctx, _input?: unknown): Promise<LeavePreviewJson> {
    const actor = requireUser(ctx);
    return { blockers: await leaveBlockers(ctx.em, actor.id) };
  }

  /**
   * POST /api/v1/account/leave ({ password }): a wrong password is a 422 on password (the route counts it like a
   * failed sign-in); a reason to stay is a 409 that changes nothing. The route then ends the request's session.
   */
  async function leave(ctx: Ctx, input: LeaveInput): Promise<LeftJson> {
    const actor = requireUser(ctx);
    const data = parseInput(leaveSchema, input);
    const user = await ctx.em.findOneOrFail(User, { id: actor.id }, { populate: ['passwordHash'] });
    if (!(await verifyPassword(data.password, user.passwordHash))) throw new ValidationError({ password: [t.passwordWrong] });
    const blockers = await leaveBlockers(ctx.em, actor.id);
    if (blockers.length > 0) throw refusal(blockers);
    await transaction(ctx.em, (em) => leaveInTransaction(em, actor.id, false));
    ctx.log.info({ userId: actor.id }, 'account left');
    return { left: true, user_id: actor.id, forced: false };
  }

  /** GET /api/v1/admin/users/{id}/leave (ADMIN): the user and what keeps them from leaving. */
  async function adminPreview(ctx: Ctx, input: { id: IdInput }): Promise<AdminLeavePreviewJson> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', () => new NotFoundError(ja.adminApi.userNotFound, 'user'));
    const user = await ctx.em.findOne(User, { id });
    if (!user) throw new NotFoundError(ja.adminApi.userNotFound, 'user');
    return {
      user: { id: user.id, name: user.name, email: user.email, left_at: user.leftAt ? new Date(user.leftAt).toISOString() : null },
      blockers: user.leftAt ? [] : await leaveBlockers(ctx.em, id),
    };
  }

  /**
   * POST /api/v1/admin/users/{id}/leave ({ force?, reason? }) (ADMIN, and the CLI's leave-user as the operator): the
   * same refusals as the user's own unless `force` (then a reason is required). Recorded in the audit log with the
   * reasons that were overridden; the entry names the user by id only.
   */
  async function adminLeave(ctx: Ctx, input: { id: IdInput } & AdminLeaveInput): Promise<LeftJson> {
    const admin = requireAdmin(ctx);
    const id = idFrom(input, 'id', () => new NotFoundError(ja.adminApi.userNotFound, 'user'));
    const data = parseInput(adminLeaveSchema, input);
    if (admin.kind === 'user' && admin.id === id) throw new ForbiddenError(t.adminSelf);
    const result = await transaction(ctx.em, async (em) => {
      const done = await leaveInTransaction(em, id, data.force);
      deps.audit.record(withEm(ctx, em), {
        entityType: 'user',
        entityId: id,
        action: 'leave',
        before: { role: done.role, left_at: null },
        after: {
          left_at: new Date().toISOString(),
          forced: data.force,
          overridden: done.blockers.map((b) => b.code),
          reason: data.reason || null,
        },
      });
      await em.flush();
      return done;
    });
    ctx.log.info({ userId: id, forced: data.force, overridden: result.blockers.length }, 'account left by an administrator');
    return { left: true, user_id: id, forced: data.force };
  }

  return { preview, leave, adminPreview, adminLeave };
}

export type LeavingService = ReturnType<typeof createLeavingService>;
